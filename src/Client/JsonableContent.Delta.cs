using System.Buffers;
using Jsonable.Metadata;

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
    /// <exception cref="System.InvalidOperationException">
    /// The values differ where a merge patch may not change them, so a server would refuse the patch: a member marked
    /// read-only (<c>[Editable(false)]</c>, <c>[Key]</c>) of the value or of a nested object both values hold, a member
    /// only a constructor sets, <c>null</c> for a member that cannot be cleared, or a polymorphic member whose derived type
    /// changed while the server holds a value (docs/deltas.md). The message names the member's JSON path.
    /// </exception>
    public static JsonableContent CreateMergePatch<T>(T previous, T current, JsonableFormat format = JsonableFormat.Jmc1, JsonableWriterOptions? options = null)
        where T : IJsonableMergePatchWritable<T>
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        JsonableDelta.WriteMergePatch(buffer, previous, current, format, options);
        ThrowIfRefused(buffer.WrittenSpan, format, previous);
        string mediaType = format == JsonableFormat.Jmc1 ? JsonableMediaTypeNames.Jmc1 : JsonableMediaTypeNames.MergePatchJson;
        return new JsonableContent(buffer.WrittenMemory, format, mediaType, typeof(T), current, memberName: null);
    }

    /// <summary>
    /// The patch checked against <paramref name="previous"/> as a server's <c>JsonablePatch&lt;T&gt;</c> checks it: a change
    /// it would refuse throws here, before anything is sent, rather than being dropped from the patch (the caller asked for
    /// it) or sent to come back as a 400.
    /// </summary>
    private static void ThrowIfRefused<T>(System.ReadOnlySpan<byte> patch, JsonableFormat format, T previous)
    {
        if (JsonableRegistry.GetTypeInfo<T>() is not { CanMerge: true } info)
        {
            return;
        }

        try
        {
            info.CheckPatch(patch, format, previous, s_refuseReadOnly);
        }
        catch (JsonableException exception)
        {
            throw new System.InvalidOperationException(
                $"The change from previous to current cannot be sent as a PATCH of {typeof(T).Name}: at {exception.Path ?? "$"}, {exception.Reason} Send the whole value (PUT) if the change is meant, or leave that member as it was read.",
                exception);
        }
    }

    private static readonly JsonableReaderOptions s_refuseReadOnly = new() { RefuseReadOnlyMemberChanges = true };
}
