using System;
using System.Buffers;
using System.ComponentModel;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// Deltas between two values of a generated (<c>[ToJson, FromJson]</c>) type: the RFC 7396 merge patch that the type's
/// generated merge turns back into the newer value. See docs/deltas.md for what a patch carries and what it cannot.
/// </summary>
/// <remarks>
/// Members are compared as the writer writes them: strings ordinally, numbers by their written form (so <c>0</c> and
/// <c>-0</c> differ, as the writer writes <c>0</c> and <c>-0</c>, while any two NaNs are the same, as every NaN is written
/// alike), <see cref="DateTime"/> with its kind, <see cref="DateTimeOffset"/> with its offset, collections element by
/// element in order. Nested generated objects become nested patches; collections are written whole when they differ;
/// dictionaries become nested patches by key (removed keys as <c>null</c>).
/// </remarks>
public static class JsonableDelta
{
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_left;

    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_right;

    /// <summary>
    /// Writes the merge patch (RFC 7396) that turns <paramref name="previous"/> into <paramref name="current"/>: an object
    /// with only the members that differ, <c>null</c> for those cleared, nested patches for nested objects; <c>{}</c> when
    /// the values are equal. Allocates nothing beyond what <paramref name="output"/> does.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="previous">The value the receiver holds.</param>
    /// <param name="current">The value it should hold after applying the patch.</param>
    /// <param name="format">Plain JSON (<c>application/merge-patch+json</c>) or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>Whether the values differ (<see langword="false"/>: the patch written is <c>{}</c>).</returns>
    /// <exception cref="ArgumentNullException">A value is <see langword="null"/>: a merge patch turns one object into another.</exception>
    public static bool WriteMergePatch<T>(IBufferWriter<byte> output, T previous, T current, JsonableFormat format = JsonableFormat.Json, JsonableWriterOptions? options = null)
        where T : IJsonableMergePatchWritable<T>
    {
        // Not ThrowIfNull(object): that would box a struct on every call.
        if (previous is null)
        {
            throw new ArgumentNullException(nameof(previous));
        }

        if (current is null)
        {
            throw new ArgumentNullException(nameof(current));
        }

        var writer = new JsonableWriter(output, format == JsonableFormat.Jmc1, options);
#if NET
        bool changed = T.WriteMergePatch(ref writer, previous, current);
#else
        bool changed = JsonableStatics<T>.MergePatchWriter(ref writer, previous, current);
#endif
        writer.Flush();
        return changed;
    }

    /// <summary>
    /// Whether the merge patch from <paramref name="previous"/> to <paramref name="current"/> would be empty: the values are
    /// written alike in every member a patch carries.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    public static bool AreEqual<T>(T? previous, T? current)
#if NET
        where T : IJsonableMergePatchWritable<T> => T.JsonableEquals(previous, current);
#else
        where T : IJsonableMergePatchWritable<T> => JsonableStatics<T>.Equal(previous, current);
#endif

    /// <summary>For generated code: whether two nested generated values are equal (<see cref="AreEqual{T}"/>).</summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualObjects<T>(T? previous, T? current)
#if NET
        where T : IJsonableMergePatchWritable<T> => T.JsonableEquals(previous, current);
#else
        where T : IJsonableMergePatchWritable<T> => JsonableStatics<T>.Equal(previous, current);
#endif

    /// <summary>
    /// For generated code: writes the patch of a nested generated value that differs — whole when either side is
    /// <c>null</c> (a value appearing or being cleared), else as a nested patch.
    /// </summary>
    /// <typeparam name="T">A generated <c>[ToJson, FromJson]</c> type.</typeparam>
    /// <param name="writer">The writer.</param>
    /// <param name="previous">The member's previous value.</param>
    /// <param name="current">Its current value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void WriteObjectPatch<T>(ref JsonableWriter writer, T? previous, T? current)
        where T : IJsonableMergePatchWritable<T>
    {
        if (previous is null || current is null)
        {
#if NET
            T.WriteJsonable(ref writer, current);
#else
            JsonableCodec.Write(ref writer, current);
#endif
            return;
        }

#if NET
        T.WriteMergePatch(ref writer, previous, current);
#else
        JsonableStatics<T>.MergePatchWriter(ref writer, previous, current);
#endif
    }

    /// <summary>For generated code: whether two doubles are written alike (bit for bit, except that every NaN is the same).</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualNumbers(double previous, double current) =>
        BitConverter.DoubleToInt64Bits(previous) == BitConverter.DoubleToInt64Bits(current) || (double.IsNaN(previous) && double.IsNaN(current));

    /// <summary>For generated code: whether two floats are written alike (bit for bit, except that every NaN is the same).</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualNumbers(float previous, float current) =>
        BitConverter.SingleToInt32Bits(previous) == BitConverter.SingleToInt32Bits(current) || (float.IsNaN(previous) && float.IsNaN(current));

    /// <summary>For generated code: whether two decimals are written alike (equal, and with the same scale: <c>1.0</c> and <c>1.00</c> differ).</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualNumbers(decimal previous, decimal current) => previous == current && previous.Scale == current.Scale;

    /// <summary>For generated code: whether two <see cref="DateTime"/>s are written alike (same ticks and kind).</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualDateTimes(DateTime previous, DateTime current) => previous.Ticks == current.Ticks && previous.Kind == current.Kind;

    /// <summary>For generated code: whether two <see cref="DateTimeOffset"/>s are written alike (same local time and offset).</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualDateTimeOffsets(DateTimeOffset previous, DateTimeOffset current) => previous.EqualsExact(current);

    /// <summary>For generated code: whether two URIs are written alike (their original strings).</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualUris(Uri? previous, Uri? current) => string.Equals(previous?.OriginalString, current?.OriginalString, StringComparison.Ordinal);

    /// <summary>For generated code: whether two byte arrays (written as base64) hold the same bytes.</summary>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualBytes(byte[]? previous, byte[]? current) =>
        ReferenceEquals(previous, current) || (previous is not null && current is not null && previous.AsSpan().SequenceEqual(current));

    /// <summary>
    /// For generated code, where no member-by-member comparison applies (a type argument, a polymorphic value): whether
    /// the two values are written as the same JSON bytes. Uses two per-thread buffers, so it allocates only while they grow.
    /// </summary>
    /// <typeparam name="T">The values' type.</typeparam>
    /// <param name="previous">The first value.</param>
    /// <param name="current">The second value.</param>
    /// <param name="write">Writes one value.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool EqualWritten<T>(T? previous, T? current, JsonableWriteAction<T?> write)
    {
        ArgumentNullException.ThrowIfNull(write);
        if (previous is null || current is null)
        {
            return previous is null && current is null;
        }

        if (ReferenceEquals(previous, current))
        {
            return true;
        }

        // Taken from the thread while in use: writing a value never compares, but a custom converter could re-enter.
        ArrayBufferWriter<byte> left = t_left ?? new ArrayBufferWriter<byte>(256);
        ArrayBufferWriter<byte> right = t_right ?? new ArrayBufferWriter<byte>(256);
        t_left = null;
        t_right = null;
        try
        {
            WriteJson(left, previous, write);
            WriteJson(right, current, write);
            return left.WrittenSpan.SequenceEqual(right.WrittenSpan);
        }
        finally
        {
            left.ResetWrittenCount();
            right.ResetWrittenCount();
            t_left = left;
            t_right = right;
        }
    }

    private static void WriteJson<T>(ArrayBufferWriter<byte> output, T value, JsonableWriteAction<T> write)
    {
        var writer = new JsonableWriter(output, emitMetadataComments: false);
        write(ref writer, value);
        writer.Flush();
    }
}
