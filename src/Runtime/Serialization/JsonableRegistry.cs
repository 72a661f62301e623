using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// Finds a type's generated reader and writer by <see cref="Type"/> without reflection per call (and without
/// any reflection that trimming or native AOT would break).
/// </summary>
/// <remarks>
/// <para>
/// Each assembly with <c>[ToJson]</c>/<c>[FromJson]</c> types carries one generated registration, which a module
/// initializer hands to <see cref="RegisterAssembly"/> when the assembly loads. It creates nothing up front: the info
/// of a generated type is created the first time that type (or a collection of it) is looked up, and the info of a
/// collection (<c>T[]</c>, <c>List&lt;T&gt;</c>, <c>IEnumerable&lt;T&gt;</c>, ...) or dictionary
/// (<c>Dictionary&lt;string, T&gt;</c>, <c>IReadOnlyDictionary&lt;long, T&gt;</c>, ...) the first time that type is. A
/// closed generic type (<c>Page&lt;Product&gt;</c>) is registered by the assembly whose
/// <c>[assembly: JsonableType(typeof(...))]</c> names it. Each is then kept for the life of the process.
/// </para>
/// <para>
/// A miss is kept for good too, which is sound because of where registrations live: the only assembly that can
/// register a generated type is the one that declares it (the generator extends the partial types of the assembly it
/// compiles), and a collection is found through its element type. So before answering "not found" for a type, the
/// registry makes sure the registration of the assembly that owns it has run (running that module's initializer if
/// nothing in it has run yet, which happens at most once per module); after that, no assembly loaded later can
/// register it. Two things can still add a type after a miss, and both evict the misses they affect: a registration
/// that runs late within its own assembly (another module initializer of that assembly looked a type up first), and
/// registering a type by hand with <see cref="Register{T}(JsonableWriteAction{T}?, JsonableReadFunc{T}?, JsonablePartialWriter{T}[], JsonableMergeAction{T}?, JsonableMember[])"/>.
/// </para>
/// </remarks>
public static partial class JsonableRegistry
{
    private static readonly ConcurrentDictionary<Type, JsonableTypeInfo> s_infos = new();

    // Types looked up and not found. MVC asks about every response type on every request, so a miss (ProblemDetails,
    // any non-generated DTO) must cost one dictionary lookup.
    private static readonly ConcurrentDictionary<Type, bool> s_missing = new();

    // The generated registration of each assembly that has one: creates the info of one of its types, or returns null.
    private static readonly ConcurrentDictionary<Assembly, Func<Type, JsonableTypeInfo?>> s_assemblies = new();

    /// <summary>
    /// Registers the generated types of <paramref name="assembly"/>, to be created when first looked up. Generated code
    /// calls this once per assembly, from a module initializer.
    /// </summary>
    /// <param name="assembly">The assembly whose types <paramref name="createTypeInfo"/> describes.</param>
    /// <param name="createTypeInfo">
    /// Creates the info of a generated type of <paramref name="assembly"/> (with <see cref="CreateTypeInfo{T}"/>, so that
    /// its collections are found too), or returns <see langword="null"/> for any other type. Called at
    /// most once per type, or a few times if threads race to look it up first; one result is kept.
    /// </param>
    public static void RegisterAssembly(Assembly assembly, Func<Type, JsonableTypeInfo?> createTypeInfo)
    {
        ArgumentNullException.ThrowIfNull(assembly);
        ArgumentNullException.ThrowIfNull(createTypeInfo);
        s_assemblies[assembly] = createTypeInfo;

        // Misses recorded before this ran (only possible from code of the same assembly that runs first) no longer hold.
        // A closed generic type (Page<Product>) can be registered by any assembly that names it in [JsonableType].
        foreach (Type missed in s_missing.Keys)
        {
            Type root = ElementOf(missed) ?? missed;
            if (root.Assembly == assembly || root.IsConstructedGenericType)
            {
                s_missing.TryRemove(missed, out _);
            }
        }
    }

    /// <summary>
    /// Creates the info of a generated type: the one <see cref="RegisterAssembly"/>'s function returns, from which the
    /// registry makes the infos of the type's root collections. Generated code calls this.
    /// </summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it is not <c>[ToJson]</c>.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it is not <c>[FromJson]</c>.</param>
    /// <param name="partialWriters">Its partial writers, in declaration order.</param>
    /// <param name="merge">Its merge reader, or <see langword="null"/> if it cannot be merged into.</param>
    /// <param name="members">Its members by id.</param>
    /// <param name="writeAsync">
    /// Its asynchronous writer (a type that holds a collection somewhere), which
    /// <see cref="JsonableTypeInfo.WriteDocumentAsync"/> uses to flush between members and elements; <see langword="null"/> for none.
    /// </param>
    /// <param name="holdsLargeCollection">
    /// Whether a value holds a collection of at least <see cref="JsonableAsyncWriteContext.LargeCollection"/> elements
    /// (directly or in a member, the second argument the nesting so far): only then is <paramref name="writeAsync"/>
    /// used; a smaller value is written in one synchronous call, which costs less. <see langword="null"/>: always.
    /// </param>
    /// <returns>The info, with <see cref="JsonableTypeInfo.IsObject"/> true.</returns>
    public static JsonableTypeInfo<T> CreateTypeInfo<T>(
        JsonableWriteAction<T>? write,
        JsonableReadFunc<T>? read,
        JsonablePartialWriter<T>[]? partialWriters = null,
        JsonableMergeAction<T>? merge = null,
        JsonableMember[]? members = null,
        JsonableWriteAsyncFunc<T>? writeAsync = null,
        Func<T, int, bool>? holdsLargeCollection = null) =>
        new ObjectTypeInfo<T>(write, read, partialWriters, merge, members, writeAsync, holdsLargeCollection);

    /// <summary>
    /// Registers a type by hand, and the collections of it that can be a root value: <c>T[]</c>,
    /// <c>List&lt;T&gt;</c>, <c>IList&lt;T&gt;</c>, <c>ICollection&lt;T&gt;</c>, <c>IEnumerable&lt;T&gt;</c>,
    /// <c>IReadOnlyList&lt;T&gt;</c>, <c>IReadOnlyCollection&lt;T&gt;</c> and <c>IAsyncEnumerable&lt;T&gt;</c> (written
    /// only). Generated types need no call: their assembly's generated registration finds them.
    /// </summary>
    /// <typeparam name="T">The type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it cannot be written.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it cannot be read.</param>
    public static void Register<T>(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read) => Register(write, read, []);

    /// <summary>
    /// Registers a type by hand as <see cref="Register{T}(JsonableWriteAction{T}?, JsonableReadFunc{T}?)"/> does,
    /// together with its partial writers, found later by member name through <see cref="JsonableTypeInfo{T}.TryGetPartialWriter"/>.
    /// </summary>
    /// <typeparam name="T">The type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it cannot be written.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it cannot be read.</param>
    /// <param name="partialWriters">Its partial writers, in declaration order.</param>
    public static void Register<T>(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read, JsonablePartialWriter<T>[] partialWriters) =>
        Register(write, read, partialWriters, merge: null, members: []);

    /// <summary>
    /// Registers a type by hand as <see cref="Register{T}(JsonableWriteAction{T}?, JsonableReadFunc{T}?, JsonablePartialWriter{T}[])"/>
    /// does, together with its merge reader, which <see cref="JsonableTypeInfo{T}.Merge"/> uses to apply merge patches.
    /// A registration by hand replaces whatever was known about <typeparamref name="T"/> and its collections, and
    /// undoes earlier misses for them.
    /// </summary>
    /// <typeparam name="T">The type.</typeparam>
    /// <param name="write">Its writer, or <see langword="null"/> if it cannot be written.</param>
    /// <param name="read">Its reader, or <see langword="null"/> if it cannot be read.</param>
    /// <param name="partialWriters">Its partial writers, in declaration order.</param>
    /// <param name="merge">Its merge reader, or <see langword="null"/> if it cannot be merged into.</param>
    /// <param name="members">Its members by id.</param>
    public static void Register<T>(JsonableWriteAction<T>? write, JsonableReadFunc<T>? read, JsonablePartialWriter<T>[] partialWriters, JsonableMergeAction<T>? merge, JsonableMember[] members)
    {
        ArgumentNullException.ThrowIfNull(partialWriters);
        ArgumentNullException.ThrowIfNull(members);
        s_infos[typeof(T)] = CreateTypeInfo(write, read, partialWriters, merge, members);
        foreach (Type known in s_infos.Keys.Concat(s_missing.Keys))
        {
            if (ElementOf(known) == typeof(T))
            {
                s_infos.TryRemove(known, out _); // made again from the new element info on the next lookup
                s_missing.TryRemove(known, out _);
            }
        }

        s_missing.TryRemove(typeof(T), out _);
    }

    /// <summary>Looks up the registered info for <paramref name="type"/>.</summary>
    /// <param name="type">The type to serialize or deserialize.</param>
    /// <param name="info">The info, when found.</param>
    /// <returns>Whether <paramref name="type"/> is a generated type or a registered collection of one.</returns>
    public static bool TryGetTypeInfo(Type type, [NotNullWhen(true)] out JsonableTypeInfo? info)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (s_infos.TryGetValue(type, out info))
        {
            return true;
        }

        if (s_missing.ContainsKey(type))
        {
            return false;
        }

        info = Create(type);
        if (info is null)
        {
            s_missing.TryAdd(type, true);
            return false;
        }

        info = s_infos.GetOrAdd(type, info); // a thread that lost the race uses the winner's info
        return true;
    }

    /// <summary>Looks up the registered info for <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type to serialize or deserialize.</typeparam>
    /// <returns>The info, or <see langword="null"/> when <typeparamref name="T"/> is not registered.</returns>
    public static JsonableTypeInfo<T>? GetTypeInfo<T>()
    {
        JsonableTypeInfo<T>? cached = Cache<T>.Value;
        if (cached is null && TryGetTypeInfo(typeof(T), out JsonableTypeInfo? info))
        {
            Cache<T>.Value = cached = (JsonableTypeInfo<T>)info;
        }

        return cached;
    }

    /// <summary>
    /// Says why <paramref name="type"/> has no info, with advice that can be followed: a closed generic type that no
    /// assembly lists in <c>[assembly: JsonableType(typeof(...))]</c>, a root dictionary whose key type is not
    /// supported, or a collection of a type that is not generated. Call it after <see cref="TryGetTypeInfo"/> answered
    /// <see langword="false"/>; for any other type it returns <see langword="null"/>, and the caller says what it says
    /// about a type that is not marked <c>[ToJson]</c>/<c>[FromJson]</c>.
    /// </summary>
    /// <param name="type">The type that was not found.</param>
    /// <returns>The explanation, or <see langword="null"/> when the type is simply not a Jsonable type.</returns>
    public static string? ExplainNotFound(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return MissingGeneratedCode.ExplainNotFound(type);
    }

    /// <summary>
    /// The info that generated code of a generic type uses for a member whose type is one of its type parameters: the
    /// registry's info (a generated type, a root collection or dictionary of one, a registered closed generic), else
    /// one of the built-in values the generator accepts as a type argument. Cached per type by the caller.
    /// </summary>
    internal static JsonableTypeInfo<T> GetTypeArgumentInfo<T>()
    {
        if (GetTypeInfo<T>() is { } info)
        {
            return info;
        }

        return BuiltInTypeArguments.Get<T>() ?? throw new NotSupportedException(
            ExplainNotFound(typeof(T)) ?? $"{MissingGeneratedCode.CSharpName(typeof(T))} is not a supported type argument of a generated generic type: mark it [ToJson]/[FromJson] (and partial).");
    }

    /// <summary>Creates the info of a type not looked up before: a generated type, or a collection of one.</summary>
    private static JsonableTypeInfo? Create(Type type)
    {
        if (ElementOf(type) is { } element)
        {
            return TryGetTypeInfo(element, out JsonableTypeInfo? elementInfo) ? elementInfo.CreateCollectionInfo(type) : null;
        }

        if (type.IsConstructedGenericType)
        {
            return CreateClosedGeneric(type);
        }

        // A non-generic generated type is registered by its own assembly only.
        Assembly assembly = type.Assembly;
        if (!s_assemblies.TryGetValue(assembly, out Func<Type, JsonableTypeInfo?>? createTypeInfo))
        {
            // Named (typeof) before anything in its module ran: run the module's initializer, which registers it.
            RuntimeHelpers.RunModuleConstructor(type.Module.ModuleHandle);
            if (!s_assemblies.TryGetValue(assembly, out createTypeInfo))
            {
                return null;
            }
        }

        return createTypeInfo(type) is { Type: var created } info && created == type ? info : null;
    }

    /// <summary>
    /// The info of a closed generic type (<c>Page&lt;Product&gt;</c>): registered by whichever assembly names it in
    /// <c>[assembly: JsonableType(typeof(...))]</c>, usually the app's. The assemblies that could be that one (the
    /// generic definition's, each type argument's, the entry assembly) have their registration run first, as for a
    /// non-generic type; any other assembly already registered is asked too.
    /// </summary>
    private static JsonableTypeInfo? CreateClosedGeneric(Type type)
    {
        RuntimeHelpers.RunModuleConstructor(type.Module.ModuleHandle);
        foreach (Type argument in type.GenericTypeArguments)
        {
            RuntimeHelpers.RunModuleConstructor((ElementOf(argument) ?? argument).Module.ModuleHandle);
        }

        if (Assembly.GetEntryAssembly() is { } entry)
        {
            RuntimeHelpers.RunModuleConstructor(entry.ManifestModule.ModuleHandle);
        }

        foreach (Func<Type, JsonableTypeInfo?> createTypeInfo in s_assemblies.Values)
        {
            if (createTypeInfo(type) is { Type: var created } info && created == type)
            {
                return info;
            }
        }

        return null;
    }

    /// <summary>
    /// The type a root collection or dictionary would be registered under (<c>T</c> of <c>T[]</c>, <c>List&lt;T&gt;</c>,
    /// <c>IEnumerable&lt;T&gt;</c>, ..., <c>TValue</c> of <c>Dictionary&lt;TKey, TValue&gt;</c>, ...), or null for any
    /// other type (a closed generic such as <c>Page&lt;T&gt;</c> is registered under itself).
    /// </summary>
    internal static Type? ElementOf(Type type)
    {
        if (type.IsSZArray)
        {
            return type.GetElementType();
        }

        if (!type.IsConstructedGenericType)
        {
            return null;
        }

        Type definition = type.GetGenericTypeDefinition();
        Type[] arguments = type.GenericTypeArguments;
        return arguments.Length == 1 && (definition == typeof(IAsyncEnumerable<>) || IsListed(definition, JsonableTypeLists.RootSequenceDefinitions)) ? arguments[0]
            : arguments.Length == 2 && IsListed(definition, JsonableTypeLists.RootDictionaryDefinitions) ? arguments[1]
            : null;
    }

    /// <summary>Whether <paramref name="type"/> is a framework type named in one of the lists of <see cref="JsonableTypeLists"/>.</summary>
    internal static bool IsListed(Type type, string[] metadataNames) =>
        type.Assembly == typeof(object).Assembly && Array.IndexOf(metadataNames, type.FullName) >= 0;

    /// <summary>
    /// The info of a generated (or hand-registered) type: the only kind that makes collection infos. A subclass rather
    /// than a virtual on <see cref="JsonableTypeInfo{T}"/>, which the collection infos derive from too: there, making
    /// <c>List&lt;T&gt;</c>'s info would reach <c>List&lt;List&lt;T&gt;&gt;</c>'s, and so on without end, and native AOT
    /// would try to compile every one of them.
    /// </summary>
    private sealed class ObjectTypeInfo<T>(
        JsonableWriteAction<T>? write,
        JsonableReadFunc<T>? read,
        JsonablePartialWriter<T>[]? partialWriters,
        JsonableMergeAction<T>? merge,
        JsonableMember[]? members,
        JsonableWriteAsyncFunc<T>? writeAsync = null,
        Func<T, int, bool>? holdsLargeCollection = null)
        : JsonableTypeInfo<T>(write, read, isObject: true, partialWriters: partialWriters, merge: merge, members: members)
    {
        internal override JsonableWriteAsyncFunc<T>? WriteAsyncFunc => writeAsync;

        internal override Func<T, int, bool>? HoldsLargeCollectionFunc => holdsLargeCollection;

        internal override JsonableTypeInfo? CreateCollectionInfo(Type collectionType) => JsonableRegistry.CreateCollectionInfo(collectionType, WriteAction, ReadFunc);

        /// <summary>With an asynchronous writer and a large collection in the value, flushes between the members and elements of a root object, not only at the end.</summary>
        public override ValueTask WriteDocumentAsync(
            IBufferWriter<byte> output,
            object? value,
            JsonableFormat format,
            JsonableWriterOptions? options,
            Func<CancellationToken, ValueTask> flushAsync,
            int flushThreshold,
            CancellationToken cancellationToken) =>
            writeAsync is not null && value is not null && (holdsLargeCollection?.Invoke((T)value, 0) ?? true)
                ? writeAsync(new JsonableAsyncWriteContext(output, format, options, flushAsync, flushThreshold, cancellationToken), (T)value)
                : base.WriteDocumentAsync(output, value, format, options, flushAsync, flushThreshold, cancellationToken);
    }

    private static class Cache<T>
    {
        public static JsonableTypeInfo<T>? Value;
    }
}
