using System.Buffers;

namespace Jsonable.Http;

/// <summary>The merge patch between two values (a generated delta) as request content.</summary>
public sealed partial class JsonableContent
{
    /// <summary>
    /// Writes the merge patch that turns <paramref name="previous"/> into <paramref name="current"/> (the generated delta,
    /// see <see cref="JsonableDelta"/>): <c>application/merge-patch+json</c> (RFC 7396) for JSON,
    /// <c>application/jsonc+jmc1</c> for JMC1. Equal values give <c>{}</c>.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="previous">The value the server holds (as last read from it).</param>
    /// <param name="current">The value it should hold after the patch; <see cref="Value"/> is this value.</param>
    /// <param name="format">The wire format (default JMC1).</param>
    /// <param name="options">Writer limits; <see langword="null"/> for the defaults.</param>
    /// <exception cref="System.ArgumentNullException">A value is <see langword="null"/>.</exception>
    /// <exception cref="JsonableException">A changed member cannot be written (NaN, too deep).</exception>
    public static JsonableContent CreateMergePatch<T>(T previous, T current, JsonableFormat format = JsonableFormat.Jmc1, JsonableWriterOptions? options = null)
        where T : IJsonableMergePatchWritable<T>
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        JsonableDelta.WriteMergePatch(buffer, previous, current, format, options);
        string mediaType = format == JsonableFormat.Jmc1 ? JsonableMediaTypeNames.Jmc1 : JsonableMediaTypeNames.MergePatchJson;
        return new JsonableContent(buffer.WrittenMemory, format, mediaType, typeof(T), current, memberName: null);
    }
}
