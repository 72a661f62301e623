using System;
using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Hands System.Text.Json a contract for every type the <see cref="JsonableRegistry"/> knows (generated types and their
/// root collections) whose converter runs the generated code, so that every path of the app that serializes through
/// the app's <c>JsonOptions</c> (<c>TypedResults.Ok</c>, <c>Results.Ok</c>, a handler returning <c>T</c>, a plain
/// <c>T</c> body parameter, <c>ReadFromJsonAsync</c>) reads and writes JSON with the generated readers and writers.
/// Other types answer <see langword="null"/>, so the next resolver of the chain serves them.
/// </summary>
internal sealed class JsonableTypeInfoResolver : IJsonTypeInfoResolver
{
    // Looked up when first needed, not injected: JsonableOptions are made from the app's JsonOptions, which hold this.
    private readonly IServiceProvider _services;
    private JsonableReaderOptions? _httpReaderOptions;
    private JsonableReaderOptions? _mvcReaderOptions;
    private JsonableWriterOptions? _httpWriterOptions;
    private JsonableWriterOptions? _mvcWriterOptions;

    // The app's two JsonOptions instances this resolver was put into. A copy of them (Microsoft.AspNetCore.OpenApi
    // copies them to describe types) is not served: it describes members, which a converter-backed contract hides.
    private volatile JsonSerializerOptions? _httpOptions;
    private volatile JsonSerializerOptions? _mvcOptions;

    // Set when UseJsonable()'s middleware is built: it writes the async sequences this resolver's converters hand over.
    private volatile bool _serveAsyncSequences;

    public JsonableTypeInfoResolver(IServiceProvider services) => _services = services;

    /// <summary>The app's reader limits (depth, case, unknown members, enum names) for MVC's or minimal APIs' JSON options, made once when first needed.</summary>
    internal JsonableReaderOptions ReaderOptions(bool mvc) => mvc
        ? _mvcReaderOptions ??= Options.CreateReaderOptions(mvc: true)
        : _httpReaderOptions ??= Options.CreateReaderOptions(mvc: false);

    /// <summary>The app's writer limits (depth, enum names) for MVC's or minimal APIs' JSON options, made once when first needed.</summary>
    internal JsonableWriterOptions WriterOptions(bool mvc) => mvc
        ? _mvcWriterOptions ??= Options.CreateWriterOptions(mvc: true)
        : _httpWriterOptions ??= Options.CreateWriterOptions(mvc: false);

    /// <summary>Whether <paramref name="options"/> are MVC's JSON options (else minimal APIs').</summary>
    internal bool IsMvc(JsonSerializerOptions options) => ReferenceEquals(options, _mvcOptions);

    private JsonableOptions Options => _services.GetRequiredService<IOptions<JsonableOptions>>().Value;

    /// <summary>Serves <paramref name="options"/> (one of the app's JsonOptions) from now on.</summary>
    internal void Serve(JsonSerializerOptions options, bool mvc)
    {
        if (mvc)
        {
            _mvcOptions = options;
        }
        else
        {
            _httpOptions = options;
        }
    }

    /// <summary>Claims the async sequences of Jsonable types from now on (<see cref="JsonableAsyncSequenceConverter{TSequence, T}"/>).</summary>
    internal void ServeAsyncSequences() => _serveAsyncSequences = true;

    public JsonTypeInfo? GetTypeInfo(Type type, JsonSerializerOptions options)
    {
        if (!ReferenceEquals(options, _httpOptions) && !ReferenceEquals(options, _mvcOptions))
        {
            return null;
        }

        // The IAsyncEnumerable<T> interface is left to System.Text.Json, which awaits it element by element and asks this
        // resolver for the element type. The type of an actual sequence (an iterator), which is what ASP.NET Core asks for
        // when it writes one, is claimed so that its response can be negotiated as JsonableResults' is.
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
        {
            return null;
        }

        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) || !(info.CanWrite || info.CanRead))
        {
            return _serveAsyncSequences ? JsonableAsyncSequenceConverter.TryCreateTypeInfo(type, options) : null;
        }

        return info.Accept(new ContractFactory(this, options));
    }

    private sealed class ContractFactory(JsonableTypeInfoResolver resolver, JsonSerializerOptions options) : IJsonableTypeVisitor<JsonTypeInfo>
    {
        public JsonTypeInfo Visit<T>(JsonableTypeInfo<T> info) =>
            JsonMetadataServices.CreateValueInfo<T>(options, new JsonableJsonConverter<T>(info, resolver, options));
    }
}
