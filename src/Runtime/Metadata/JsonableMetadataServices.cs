using System;
using System.Buffers;
using System.ComponentModel;
using System.Text;
using Jsonable.Internal;

namespace Jsonable.Metadata;

/// <summary>
/// The document-level entry points generated code calls: a whole document written, read, filled in place or merged,
/// with the JSON path added to any error. Not for application code, which calls <see cref="JsonableSerializer"/> or the
/// generated members of its types (as System.Text.Json keeps <c>JsonMetadataServices</c> apart from
/// <c>JsonSerializer</c>).
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonableMetadataServices
{
    // Strict: a lone surrogate in the string is an error, not a silent U+FFFD (STJ refuses it too).
    private static readonly UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

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

    /// <summary>
    /// The first pass of <see cref="MergeDocument{T}"/> alone: the document checked against the target, which is not
    /// changed (what a server runs before it commits to applying a patch).
    /// </summary>
    /// <typeparam name="T">The target's type.</typeparam>
    /// <param name="input">The whole patch document, whose root must be an object.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="target">The instance the patch is checked against.</param>
    /// <param name="merge">The generated merge reader of <typeparamref name="T"/>.</param>
    /// <param name="members">The type's members by id.</param>
    /// <returns>The members the document names.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static JsonableMemberSet CheckMergeDocument<T>(ReadOnlySpan<byte> input, JsonableFormat format, JsonableReaderOptions? options, ref T target, JsonableMergeAction<T> merge, JsonableMember[]? members)
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

    /// <summary>Entry point for generated <c>CreateFromJson(string)</c>: transcodes the text to UTF-8 and reads it as a whole document.</summary>
    /// <typeparam name="T">The root value's type.</typeparam>
    /// <param name="json">The whole JSON document.</param>
    /// <param name="reuseInstance">Whether nested instances are filled in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="read">Reads the root value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static T? ReadDocument<T>(string json, bool reuseInstance, JsonableReaderOptions? options, JsonableReadFunc<T> read)
    {
        byte[] rented = RentUtf8(json, out int length);
        try
        {
            return ReadDocument(rented.AsSpan(0, length), JsonableFormat.Json, reuseInstance, options, read);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Entry point for generated <c>FromJson(string)</c>: transcodes the text to UTF-8 and fills <paramref name="target"/> from it.</summary>
    /// <typeparam name="T">The instance's type.</typeparam>
    /// <param name="json">The whole JSON document, whose root must be an object.</param>
    /// <param name="reuseInstance">Whether nested instances are filled in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <param name="target">The instance to fill.</param>
    /// <param name="readMembers">Reads the members of the root object into <paramref name="target"/>.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void ReadDocumentInto<T>(string json, bool reuseInstance, JsonableReaderOptions? options, ref T target, JsonableReadIntoAction<T> readMembers)
    {
        byte[] rented = RentUtf8(json, out int length);
        try
        {
            ReadDocumentInto(rented.AsSpan(0, length), JsonableFormat.Json, reuseInstance, options, ref target, readMembers);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    private static byte[] RentUtf8(string json, out int length)
    {
        ArgumentNullException.ThrowIfNull(json);
        byte[] rented = ArrayPool<byte>.Shared.Rent(Encoding.UTF8.GetMaxByteCount(json.Length));
        try
        {
            length = s_strictUtf8.GetBytes(json, rented);
            return rented;
        }
        catch (EncoderFallbackException ex)
        {
            ArrayPool<byte>.Shared.Return(rented);
            throw new JsonableException($"The text holds a lone surrogate at character {ex.Index}, which cannot be UTF-8.", innerException: ex);
        }
    }
}
