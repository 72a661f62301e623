using System;
using System.Buffers;
using System.ComponentModel;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Writes and reads registered (generated) types by type, for code that does not know the type at compile
/// time — the ASP.NET Core formatters, for example — and holds the document-level entry points generated
/// code calls.
/// </summary>
public static partial class JsonableSerializer
{
    /// <summary>Whether <paramref name="type"/> is a generated type, or a collection of one, that Jsonable can serve.</summary>
    /// <param name="type">The type.</param>
    public static bool IsSupported(Type type) => JsonableRegistry.TryGetTypeInfo(type, out _);

    /// <summary>Writes <paramref name="value"/> as a complete document.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="JsonableException">The value cannot be written (NaN, too deep, a cycle).</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static void Serialize<T>(IBufferWriter<byte> output, T value, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        WriteDocument(output, value, format, options, info.Write, info.IsObject);
    }

    /// <summary>Writes <paramref name="value"/> of runtime-known <paramref name="type"/> as a complete document.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The value.</param>
    /// <param name="type">A generated type or a registered collection of one.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static void Serialize(IBufferWriter<byte> output, object? value, Type type, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            throw NotRegistered(type);
        }

        WriteDocument(output, value, format, options, info.WriteBoxed, info.IsObject);
    }

    /// <summary>Writes <paramref name="value"/> into a new array.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static byte[] SerializeToUtf8Bytes<T>(T value, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        using var buffer = new PooledByteBufferWriter();
        Serialize(buffer, value, format, options);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Writes <paramref name="value"/> of runtime-known <paramref name="type"/> into a new array.</summary>
    /// <param name="value">The value.</param>
    /// <param name="type">A generated type or a registered collection of one.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static byte[] SerializeToUtf8Bytes(object? value, Type type, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
    {
        using var buffer = new PooledByteBufferWriter();
        Serialize(buffer, value, type, format, options);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Reads a complete document as <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A generated type or a registered collection of one.</typeparam>
    /// <param name="input">The whole document.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="JsonableException">The input is malformed or does not fit <typeparamref name="T"/>.</exception>
    public static T? Deserialize<T>(ReadOnlySpan<byte> input, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        return ReadDocument(input, format, reuseInstance: false, options, info.Read);
    }

    /// <summary>Reads a complete document as runtime-known <paramref name="type"/>.</summary>
    /// <param name="input">The whole document.</param>
    /// <param name="type">A generated type or a registered collection of one.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static object? Deserialize(ReadOnlySpan<byte> input, Type type, JsonableFormat format = JsonableFormat.Json, JsonableReaderOptions? options = null)
    {
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            throw NotRegistered(type);
        }

        return ReadDocument(input, format, reuseInstance: false, options, info.ReadBoxed);
    }

    /// <summary>Entry point for generated writers: writes a whole document and flushes it.</summary>
    /// <typeparam name="T">The root value's type.</typeparam>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The root value.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="write">Writes the root value.</param>
    /// <param name="isObject">Whether a non-null root is an object (which writes its own JMC1 header).</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void WriteDocument<T>(IBufferWriter<byte> output, T value, JsonableFormat format, JsonableWriterOptions? options, JsonableWriteAction<T> write, bool isObject)
    {
        ArgumentNullException.ThrowIfNull(write);
        var writer = new JsonableWriter(output, format == JsonableFormat.Jmc1, options);
        if (!isObject || value is null)
        {
            writer.WriteDocumentHeader();
        }

        write(ref writer, value);
        writer.Flush();
    }

    /// <summary>Entry point for generated readers: reads a whole document, adding the JSON path to any error.</summary>
    /// <typeparam name="T">The root value's type.</typeparam>
    /// <param name="input">The whole document.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="reuseInstance">Whether nested instances are filled in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="read">Reads the root value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static T? ReadDocument<T>(ReadOnlySpan<byte> input, JsonableFormat format, bool reuseInstance, JsonableReaderOptions? options, JsonableReadFunc<T> read)
    {
        ArgumentNullException.ThrowIfNull(read);
        var reader = new JsonableReader(input, format, reuseInstance, options);
        try
        {
            T? value = read(ref reader);
            reader.ReadEndOfDocument();
            return value;
        }
        catch (JsonableException ex)
        {
            reader.AttachPath(ex);
            throw;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException && !EnumNamesRefusal.Is(ex))
        {
            throw reader.Wrap(ex);
        }
    }

    /// <summary>Entry point for generated readers: fills an existing instance from a whole document whose root is an object.</summary>
    /// <typeparam name="T">The instance's type.</typeparam>
    /// <param name="input">The whole document.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="reuseInstance">Whether nested instances are filled in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="target">The instance to fill.</param>
    /// <param name="readMembers">Reads the members of the root object into <paramref name="target"/>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void ReadDocumentInto<T>(ReadOnlySpan<byte> input, JsonableFormat format, bool reuseInstance, JsonableReaderOptions? options, ref T target, JsonableReadIntoAction<T> readMembers)
    {
        ArgumentNullException.ThrowIfNull(readMembers);
        var reader = new JsonableReader(input, format, reuseInstance, options);
        try
        {
            if (!reader.TryReadObjectStart())
            {
                throw new JsonableException("The document is null, so there is nothing to fill the existing instance with.", 0, "$");
            }

            readMembers(ref reader, ref target);
            reader.ReadEndOfDocument();
        }
        catch (JsonableException ex)
        {
            reader.AttachPath(ex);
            throw;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException && !EnumNamesRefusal.Is(ex))
        {
            throw reader.Wrap(ex);
        }
    }

    /// <summary>
    /// Entry point for generated merge readers: applies a whole merge-patch document (RFC 7396) to
    /// <paramref name="target"/>, atomically. The document is read twice: first checked against the target without
    /// changing it (so any error — malformed input, an unknown member, a <c>null</c> for a member that cannot be
    /// cleared — throws with the target untouched), then applied.
    /// </summary>
    /// <typeparam name="T">The target's type.</typeparam>
    /// <param name="input">The whole patch document, whose root must be an object.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults. Unknown members are always an error in a patch.</param>
    /// <param name="target">The instance to merge into.</param>
    /// <param name="merge">The generated merge reader of <typeparamref name="T"/>.</param>
    /// <param name="members">The type's members by id, to name the changed ones.</param>
    /// <returns>The members the document names.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static JsonableMemberSet MergeDocument<T>(ReadOnlySpan<byte> input, JsonableFormat format, JsonableReaderOptions? options, ref T target, JsonableMergeAction<T> merge, JsonableMember[]? members)
    {
        ArgumentNullException.ThrowIfNull(merge);
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target), "There is no instance to merge the patch into.");
        }

        RunMerge(input, format, options, ref target, merge, members, JsonableMergeMode.Check);
        return RunMerge(input, format, options, ref target, merge, members, JsonableMergeMode.Apply);
    }

    /// <summary>
    /// Entry point for generated merge readers: checks that a merge-patch document fits <typeparamref name="T"/> without
    /// a target (syntax, member names, value types, <c>null</c> for members that cannot be cleared), so that a server
    /// can reject a bad patch before loading the resource it targets.
    /// </summary>
    /// <typeparam name="T">The target type.</typeparam>
    /// <param name="input">The whole patch document, whose root must be an object.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="merge">The generated merge reader of <typeparamref name="T"/>.</param>
    /// <param name="members">The type's members by id.</param>
    /// <returns>The members the document names.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static JsonableMemberSet ValidateMergeDocument<T>(ReadOnlySpan<byte> input, JsonableFormat format, JsonableReaderOptions? options, JsonableMergeAction<T> merge, JsonableMember[]? members)
    {
        ArgumentNullException.ThrowIfNull(merge);
        T target = default!;
        return RunMerge(input, format, options, ref target, merge, members, JsonableMergeMode.Validate);
    }

    /// <summary>The first pass of <see cref="MergeDocument{T}"/> alone: the document checked against the target, which is not changed.</summary>
    internal static JsonableMemberSet CheckMergeDocument<T>(ReadOnlySpan<byte> input, JsonableFormat format, JsonableReaderOptions? options, ref T target, JsonableMergeAction<T> merge, JsonableMember[]? members)
    {
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target), "There is no instance to check the patch against.");
        }

        return RunMerge(input, format, options, ref target, merge, members, JsonableMergeMode.Check);
    }

    private static JsonableMemberSet RunMerge<T>(ReadOnlySpan<byte> input, JsonableFormat format, JsonableReaderOptions? options, ref T target, JsonableMergeAction<T> merge, JsonableMember[]? members, JsonableMergeMode mode)
    {
        // A patch's null for a member declared non-nullable is refused wherever it lies, in new objects too (as STJ's RespectNullableAnnotations).
        var reader = new JsonableReader(input, format, reuseInstance: false, options) { RespectsNullableAnnotations = true };
        var changed = new JsonableMemberSet(members);
        try
        {
            if (!reader.TryReadObjectStart())
            {
                throw new JsonableException("A merge patch must be an object; null would delete the whole resource.", 0, "$");
            }

            merge(ref reader, ref target, mode, ref changed);
            reader.ReadEndOfDocument();
            return changed;
        }
        catch (JsonableException ex)
        {
            reader.AttachPath(ex);
            throw;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException && !EnumNamesRefusal.Is(ex))
        {
            throw reader.Wrap(ex);
        }
    }

    /// <summary>Entry point for generated <c>ToJson</c>: writes plain JSON into a pooled buffer and decodes it as a string.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="prettyPrint">Whether to indent the text.</param>
    /// <param name="write">Writes the value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static string WriteJsonString<T>(T value, bool prettyPrint, JsonableWriteAction<T> write)
    {
        using var buffer = new PooledByteBufferWriter();
        WriteDocument(buffer, value, JsonableFormat.Json, null, write, isObject: true);
        return prettyPrint ? JsonPrettyPrinter.Indent(buffer.WrittenSpan) : System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    /// <summary>Entry point for generated <c>ToJsonable()</c>: writes JMC1 into a new array.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="write">Writes the value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static byte[] WriteJmc1Bytes<T>(T value, JsonableWriteAction<T> write)
    {
        using var buffer = new PooledByteBufferWriter();
        WriteDocument(buffer, value, JsonableFormat.Jmc1, null, write, isObject: true);
        return buffer.WrittenSpan.ToArray();
    }

    private static NotSupportedException NotRegistered(Type type) =>
        new(MissingGeneratedCode.Explain(type, "is not a Jsonable type: mark it [ToJson]/[FromJson] (and partial), or use a collection of such a type."));
}
