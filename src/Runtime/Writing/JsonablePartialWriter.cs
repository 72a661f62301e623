using System;
using System.Buffers;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// One generated partial writer (<c>[ToJson(Property = nameof(X))]</c> → <c>ToJsonUtf8_X</c>), found by member name at
/// run time through <see cref="JsonableTypeInfo{T}.TryGetPartialWriter"/>: what a property endpoint, a <c>fields</c>
/// selector or a PATCH client uses to write a document holding only that member.
/// </summary>
/// <typeparam name="T">The generated type the member belongs to.</typeparam>
public sealed class JsonablePartialWriter<T>
{
    private readonly JsonableWriteAction<T> _write;

    /// <summary>Describes a partial writer (generated code creates these).</summary>
    /// <param name="memberName">The C# member name (what <c>nameof</c> gives).</param>
    /// <param name="jsonName">The member's name on the wire.</param>
    /// <param name="write">Writes an object holding only that member.</param>
    public JsonablePartialWriter(string memberName, string jsonName, JsonableWriteAction<T> write)
    {
        ArgumentNullException.ThrowIfNull(memberName);
        ArgumentNullException.ThrowIfNull(jsonName);
        ArgumentNullException.ThrowIfNull(write);
        MemberName = memberName;
        JsonName = jsonName;
        _write = write;
    }

    /// <summary>The C# member name, as <c>nameof</c> gives it.</summary>
    public string MemberName { get; }

    /// <summary>The member's name on the wire (after the naming policy and <c>[JsonPropertyName]</c>).</summary>
    public string JsonName { get; }

    /// <summary>Writes an object holding only this member (no document header).</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The instance whose member is written.</param>
    public void Write(ref JsonableWriter writer, T value) => _write(ref writer, value);

    /// <summary>Writes a whole document holding only this member: the same bytes as the generated <c>ToJsonUtf8_X</c>.</summary>
    /// <param name="output">Where the bytes go.</param>
    /// <param name="value">The instance whose member is written.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public void WriteDocument(IBufferWriter<byte> output, T value, JsonableFormat format, JsonableWriterOptions? options = null) =>
        JsonableMetadataServices.WriteDocument(output, value, format, options, _write, isObject: true);
}
