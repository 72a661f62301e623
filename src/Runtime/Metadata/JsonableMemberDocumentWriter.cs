using System;
using System.Buffers;
using System.Collections.Generic;
using System.ComponentModel;

namespace Jsonable.Metadata;

/// <summary>
/// Writes one document holding several members of a value — what a property endpoint or a <c>?fields=</c> selector
/// answers — from their generated partial writers (<see cref="JsonablePartialWriter{T}"/>): each writes
/// <c>{"x":...}</c> (JMC1: after the document header) and their members are joined into one object, so every byte
/// comes from generated code and the format's framing stays here, in the runtime. Public for Jsonable's own packages
/// (Jsonable.AspNetCore's member results); not for application code.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonableMemberDocumentWriter
{
    /// <summary>Writes <c>{</c> the members of <paramref name="value"/> that <paramref name="writers"/> write <c>}</c> as one document.</summary>
    /// <typeparam name="T">The generated type.</typeparam>
    /// <param name="output">Where the document goes.</param>
    /// <param name="value">The instance whose members are written.</param>
    /// <param name="writers">The partial writers, in the order their members are written.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    public static void Write<T>(IBufferWriter<byte> output, T value, IReadOnlyList<JsonablePartialWriter<T>> writers, JsonableFormat format, JsonableWriterOptions? options)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(writers);
        int prefix = format == JsonableFormat.Jmc1 ? Jmc1.Header.Length + 1 : 1; // the header (JMC1) and '{'
        var part = new ArrayBufferWriter<byte>();
        bool empty = true;
        foreach (JsonablePartialWriter<T> writer in writers)
        {
            part.ResetWrittenCount();
            writer.WriteDocument(part, value, format, options);
            ReadOnlySpan<byte> members = part.WrittenSpan[prefix..^1]; // without the object's braces
            if (members.IsEmpty)
            {
                continue; // a member the writer left out ([JsonIgnore(Condition = WhenWritingNull)])
            }

            output.Write(empty ? part.WrittenSpan[..prefix] : ","u8);
            output.Write(members);
            empty = false;
        }

        if (empty)
        {
            if (format == JsonableFormat.Jmc1)
            {
                output.Write(Jmc1.Header);
            }

            output.Write("{"u8);
        }

        output.Write("}"u8);
    }
}
