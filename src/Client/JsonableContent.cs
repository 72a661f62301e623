using System;
using System.Buffers;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable.Http;

/// <summary>
/// An <see cref="HttpContent"/> holding a generated value written as JMC1 or JSON, with the matching
/// <c>Content-Type</c> and a <c>Content-Length</c>. The value is written when the content is created, so a value that
/// cannot be written (a NaN, a cycle) fails at the call site, before anything is sent.
/// </summary>
public sealed partial class JsonableContent : HttpContent
{
    private readonly ReadOnlyMemory<byte> _body;

    private JsonableContent(ReadOnlyMemory<byte> body, JsonableFormat format, string mediaType, Type objectType, object? value, string? memberName)
    {
        _body = body;
        Format = format;
        ObjectType = objectType;
        Value = value;
        MemberName = memberName;
        Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        if (mediaType == JsonableMediaTypeNames.Json)
        {
            Headers.ContentType.CharSet = "utf-8";
        }
    }

    /// <summary>The wire format of the body.</summary>
    public JsonableFormat Format { get; }

    /// <summary>The type the value was written as.</summary>
    public Type ObjectType { get; }

    /// <summary>The value written.</summary>
    public object? Value { get; }

    /// <summary>For a merge patch (<see cref="CreateMergePatch{T}(T, string, JsonableFormat, JsonableWriterOptions?)"/>), the C# name of the one member written; otherwise <see langword="null"/>.</summary>
    public string? MemberName { get; }

    /// <summary>
    /// Writes <paramref name="value"/> as a whole document: <c>application/jsonc+jmc1</c> or
    /// <c>application/json; charset=utf-8</c>.
    /// </summary>
    /// <typeparam name="T">A generated (<c>[ToJson]</c>) type, or a collection of one.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">The wire format (default JMC1).</param>
    /// <param name="options">Writer limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="JsonableException">The value cannot be written (NaN, too deep, a cycle).</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a Jsonable type.</exception>
    public static JsonableContent Create<T>(T value, JsonableFormat format = JsonableFormat.Jmc1, JsonableWriterOptions? options = null)
    {
        byte[] body = JsonableSerializer.SerializeToUtf8Bytes(value, format, options);
        return new JsonableContent(body, format, format == JsonableFormat.Jmc1 ? JsonableMediaTypeNames.Jmc1 : JsonableMediaTypeNames.Json, typeof(T), value, memberName: null);
    }

    /// <summary>
    /// Writes a merge-patch document holding only one member of <paramref name="value"/>, with that member's generated
    /// partial writer (<c>[ToJson(Property = nameof(X))]</c> → the same bytes as <c>ToJsonUtf8_X</c>):
    /// <c>application/jsonc+jmc1</c> for JMC1, <c>application/merge-patch+json</c> (RFC 7396) for JSON.
    /// </summary>
    /// <typeparam name="T">A generated type with a partial writer for <paramref name="memberName"/>.</typeparam>
    /// <param name="value">The instance whose member is sent.</param>
    /// <param name="memberName">The member's C# name (<c>nameof(T.X)</c>) or its name on the wire.</param>
    /// <param name="format">The wire format (default JMC1).</param>
    /// <param name="options">Writer limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="ArgumentException"><typeparamref name="T"/> has no partial writer for <paramref name="memberName"/>.</exception>
    /// <exception cref="JsonableException">The member cannot be written (NaN, too deep, a cycle).</exception>
    public static JsonableContent CreateMergePatch<T>(T value, string memberName, JsonableFormat format = JsonableFormat.Jmc1, JsonableWriterOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(value);
        ArgumentNullException.ThrowIfNull(memberName);
        JsonablePartialWriter<T> partialWriter = FindPartialWriter<T>(memberName);
        var buffer = new ArrayBufferWriter<byte>(256);
        partialWriter.WriteDocument(buffer, value, format, options);
        string mediaType = format == JsonableFormat.Jmc1 ? JsonableMediaTypeNames.Jmc1 : JsonableMediaTypeNames.MergePatchJson;
        return new JsonableContent(buffer.WrittenMemory, format, mediaType, typeof(T), value, partialWriter.MemberName);
    }

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        stream.WriteAsync(_body).AsTask();

#if NET // netstandard2.0's HttpContent has neither overload
    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        stream.WriteAsync(_body, cancellationToken).AsTask();

    /// <inheritdoc />
    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        stream.Write(_body.Span);
#endif

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = _body.Length;
        return true;
    }

    private static JsonablePartialWriter<T> FindPartialWriter<T>(string memberName)
    {
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>()
            ?? throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type: mark it [ToJson] (and partial)."));
        if (info.TryGetPartialWriter(memberName, out JsonablePartialWriter<T>? partialWriter))
        {
            return partialWriter;
        }

        string known = info.PartialWriters.Count == 0 ? "none" : string.Join(", ", info.PartialWriters.Select(w => w.MemberName));
        throw new ArgumentException(
            $"{typeof(T).Name} has no partial writer for '{memberName}'; add [ToJson(Property = nameof({typeof(T).Name}.{memberName}))] to it. Members with one: {known}.",
            nameof(memberName));
    }
}
