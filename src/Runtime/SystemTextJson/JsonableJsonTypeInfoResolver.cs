using System;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Metadata;

namespace Jsonable.SystemTextJson;

/// <summary>
/// Hands System.Text.Json a contract for every type the generated code knows (types marked <c>[ToJson]</c> or
/// <c>[FromJson]</c> and their root collections, as <see cref="JsonableRegistry"/> lists them) whose converter runs the
/// generated reader and writer (<see cref="JsonableJsonConverter{T}"/>). Other types answer <see langword="null"/>, so
/// the next resolver of the chain serves them. Any host can use it: it needs no dependency injection and no request.
/// </summary>
/// <remarks>
/// Put it first in the options' chain with <see cref="JsonableJsonSerializerOptionsExtensions.AddJsonable(JsonSerializerOptions)"/>.
/// Built without Jsonable options, it derives them from each <see cref="JsonSerializerOptions"/> that asks
/// (<see cref="CreateReaderOptions"/>, <see cref="CreateWriterOptions"/>): <c>MaxDepth</c>,
/// <c>PropertyNameCaseInsensitive</c>, <c>UnmappedMemberHandling</c> and a global <c>JsonStringEnumConverter</c> act
/// as they do in System.Text.Json. <c>WriteIndented</c> and <c>Encoder</c> are honoured by the converter: its bytes are
/// those System.Text.Json would write. Member names and the other compile-time choices are the generated code's.
/// </remarks>
public class JsonableJsonTypeInfoResolver : IJsonTypeInfoResolver
{
    private readonly JsonableReaderOptions? _readerOptions;
    private readonly JsonableWriterOptions? _writerOptions;

    // Options derived from each JsonSerializerOptions that asked, made once: System.Text.Json makes its options
    // read-only before it asks a resolver, so what is derived cannot go stale.
    private readonly ConditionalWeakTable<JsonSerializerOptions, Derived> _derived = new();

    /// <summary>A resolver that derives the Jsonable reader and writer options from each <see cref="JsonSerializerOptions"/> that asks it.</summary>
    public JsonableJsonTypeInfoResolver()
    {
    }

    /// <summary>A resolver that reads and writes with the given Jsonable options, whatever the <see cref="JsonSerializerOptions"/> say about limits.</summary>
    /// <param name="readerOptions">The reader's limits and leniencies; <see langword="null"/> derives them from the serializer options.</param>
    /// <param name="writerOptions">The writer's limits; <see langword="null"/> derives them from the serializer options.</param>
    public JsonableJsonTypeInfoResolver(JsonableReaderOptions? readerOptions, JsonableWriterOptions? writerOptions)
    {
        _readerOptions = readerOptions;
        _writerOptions = writerOptions;
    }

    /// <summary>
    /// The contract of <paramref name="type"/> when the generated code reads or writes it, else <see langword="null"/>
    /// (the next resolver of the chain serves it).
    /// </summary>
    /// <param name="type">The type System.Text.Json asks about.</param>
    /// <param name="options">The options asking: their <c>WriteIndented</c> and <c>Encoder</c> shape the bytes written.</param>
    public virtual JsonTypeInfo? GetTypeInfo(Type type, JsonSerializerOptions options)
    {
#if NET
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(options);
#else
        if (type is null || options is null)
        {
            throw new ArgumentNullException(type is null ? nameof(type) : nameof(options));
        }
#endif

        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            if (MissingGeneratedCode.FindMarkedWithoutCode(type) is not null)
            {
                OnMarkedTypeWithoutGeneratedCode(type, MissingGeneratedCode.Explain(type, string.Empty));
            }

            return null;
        }

        return info.CanWrite || info.CanRead ? info.Accept(new ContractFactory(this, options)) : null;
    }

    /// <summary>
    /// Called when <paramref name="type"/>, or the element or type argument of a collection of it, is marked
    /// <c>[ToJson]</c>/<c>[FromJson]</c> but has no generated code (its assembly was built without the Jsonable
    /// generator): <see cref="GetTypeInfo"/> answers <see langword="null"/>, so the next resolver of the chain serves it
    /// with System.Text.Json's own contract, which is not what the user marked it for. The default does nothing; a host
    /// overrides it to warn. System.Text.Json caches contracts, so it is called about once per type and options.
    /// </summary>
    /// <param name="type">The type System.Text.Json asked about.</param>
    /// <param name="reason">Which type is marked, in which assembly, and which package to reference there.</param>
    protected virtual void OnMarkedTypeWithoutGeneratedCode(Type type, string reason)
    {
    }

    /// <summary>
    /// Makes the converter of one generated type for <paramref name="options"/>. Override to wrap what it does (a host
    /// that negotiates another format for a response's root value, say); the default is a
    /// <see cref="JsonableJsonConverter{T}"/>.
    /// </summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="info">The generated code's reader and writer of <typeparamref name="T"/>.</param>
    /// <param name="options">The serializer options the contract is for.</param>
    /// <param name="readerOptions">The Jsonable reader options to read with (given or derived).</param>
    /// <param name="writerOptions">The Jsonable writer options to write with (given or derived).</param>
    protected virtual JsonConverter<T> CreateConverter<T>(JsonableTypeInfo<T> info, JsonSerializerOptions options, JsonableReaderOptions readerOptions, JsonableWriterOptions writerOptions) =>
        new JsonableJsonConverter<T>(info, options, readerOptions, writerOptions);

    /// <summary>The Jsonable reader options this resolver reads with for <paramref name="options"/>: the ones given, or those derived from them.</summary>
    /// <param name="options">The serializer options.</param>
    public JsonableReaderOptions GetReaderOptions(JsonSerializerOptions options) => _readerOptions ?? DerivedFor(options).Reader;

    /// <summary>The Jsonable writer options this resolver writes with for <paramref name="options"/>: the ones given, or those derived from them.</summary>
    /// <param name="options">The serializer options.</param>
    public JsonableWriterOptions GetWriterOptions(JsonSerializerOptions options) => _writerOptions ?? DerivedFor(options).Writer;

    /// <summary>
    /// The Jsonable reader options that read as <paramref name="options"/> do: <c>MaxDepth</c> (0 meaning
    /// System.Text.Json's 64), <c>PropertyNameCaseInsensitive</c>, <c>UnmappedMemberHandling</c>, and enum names as a
    /// global <c>JsonStringEnumConverter</c> (either form, any naming policy) reads them.
    /// </summary>
    /// <param name="options">The serializer options to follow.</param>
    public static JsonableReaderOptions CreateReaderOptions(JsonSerializerOptions options)
    {
        ThrowIfNull(options);
        return new JsonableReaderOptions
        {
            MaxDepth = EffectiveMaxDepth(options),
            PropertyNameCaseInsensitive = options.PropertyNameCaseInsensitive,
            UnknownMemberHandling = options.UnmappedMemberHandling == JsonUnmappedMemberHandling.Disallow ? JsonableUnknownMemberHandling.Disallow : JsonableUnknownMemberHandling.Skip,
            EnumNames = JsonEnumConverters.From(options),
        };
    }

    /// <summary>
    /// The Jsonable writer options that write as <paramref name="options"/> do: <c>MaxDepth</c> (0 meaning
    /// System.Text.Json's 64) and enum names as a global <c>JsonStringEnumConverter</c> writes them.
    /// </summary>
    /// <param name="options">The serializer options to follow.</param>
    public static JsonableWriterOptions CreateWriterOptions(JsonSerializerOptions options)
    {
        ThrowIfNull(options);
        return new JsonableWriterOptions { MaxDepth = EffectiveMaxDepth(options), EnumNames = JsonEnumConverters.From(options) };
    }

    /// <summary>System.Text.Json's depth limit for <paramref name="options"/>: its <c>MaxDepth</c>, where 0 means 64.</summary>
    /// <param name="options">The serializer options.</param>
    public static int EffectiveMaxDepth(JsonSerializerOptions options)
    {
        ThrowIfNull(options);
        return options.MaxDepth == 0 ? Internal.JsonableLimits.DefaultMaxDepth : options.MaxDepth;
    }

    private Derived DerivedFor(JsonSerializerOptions options) =>
        _derived.GetValue(options, static o => new Derived(CreateReaderOptions(o), CreateWriterOptions(o)));

    private static void ThrowIfNull(JsonSerializerOptions options)
    {
        if (options is null)
        {
            throw new ArgumentNullException(nameof(options));
        }
    }

    private sealed class Derived(JsonableReaderOptions reader, JsonableWriterOptions writer)
    {
        public JsonableReaderOptions Reader { get; } = reader;

        public JsonableWriterOptions Writer { get; } = writer;
    }

    private sealed class ContractFactory(JsonableJsonTypeInfoResolver resolver, JsonSerializerOptions options) : IJsonableTypeVisitor<JsonTypeInfo>
    {
        public JsonTypeInfo Visit<T>(JsonableTypeInfo<T> info)
        {
            JsonTypeInfo<T> contract = JsonMetadataServices.CreateValueInfo<T>(options, resolver.CreateConverter(info, options, resolver.GetReaderOptions(options), resolver.GetWriterOptions(options)));
            KeepPolymorphismForTheGeneratedWriter(contract);
            return contract;
        }
    }

    /// <summary>
    /// A polymorphic base (<c>[JsonDerivedType]</c>) gets polymorphism options from its attributes, whose discriminators a
    /// converter-backed contract cannot take (System.Text.Json refuses the contract, so every use of the type would throw).
    /// The derived types are kept without discriminators: hosts such as ASP.NET Core still see the declared type as
    /// polymorphic and write a derived value through it, and the generated writer writes the discriminator, as System.Text.Json's
    /// own contract would.
    /// </summary>
    private static void KeepPolymorphismForTheGeneratedWriter(JsonTypeInfo contract)
    {
        if (contract.PolymorphismOptions is not { } polymorphism)
        {
            return;
        }

        if (polymorphism.DerivedTypes.Count == 0)
        {
            contract.PolymorphismOptions = null;
            return;
        }

        var derivedTypes = new System.Collections.Generic.List<Type>(polymorphism.DerivedTypes.Count);
        foreach (JsonDerivedType derived in polymorphism.DerivedTypes)
        {
            derivedTypes.Add(derived.DerivedType);
        }

        polymorphism.DerivedTypes.Clear();
        foreach (Type derivedType in derivedTypes)
        {
            polymorphism.DerivedTypes.Add(new JsonDerivedType(derivedType));
        }
    }
}
