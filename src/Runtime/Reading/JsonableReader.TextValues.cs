using System;
using System.Buffers.Text;
using System.Text.Json;

namespace Jsonable;

/// <summary>
/// The parsers behind the string-encoded value types, held to exactly what System.Text.Json accepts: dates and times go
/// through STJ's own ISO 8601 parser (<see cref="Utf8JsonReader.TryGetDateTime"/>), time spans and GUIDs through the
/// <see cref="Utf8Parser"/> calls STJ makes, so an input either library accepts the other accepts with the same value.
/// </summary>
public ref partial struct JsonableReader
{
    // Longer than any form STJ accepts (42 characters), short enough for the stack.
    private const int MaxTextValueBytes = 64;

    /// <summary>Parses <paramref name="text"/> as STJ reads a <see cref="DateTime"/> or <see cref="DateTimeOffset"/> string.</summary>
    private static bool TryParseIso8601(string text, out DateTime dateTime, out DateTimeOffset dateTimeOffset, bool asOffset)
    {
        dateTime = default;
        dateTimeOffset = default;
        Span<byte> token = stackalloc byte[MaxTextValueBytes + 2];
        if (!TryQuoteAscii(text, token, out int length))
        {
            return false;
        }

        // STJ's parser is only reachable through its reader: hand it the value as a one-string document.
        var reader = new Utf8JsonReader(token[..length]);
        reader.Read();
        return asOffset ? reader.TryGetDateTimeOffset(out dateTimeOffset) : reader.TryGetDateTime(out dateTime);
    }

    /// <summary>Parses the constant (<c>c</c>) time span format as STJ does: the whole text, no more and no less.</summary>
    private static bool TryParseConstantTimeSpan(string text, out TimeSpan value)
    {
        Span<byte> bytes = stackalloc byte[MaxTextValueBytes + 2];
        if (!TryQuoteAscii(text, bytes, out int length))
        {
            value = default;
            return false;
        }

        ReadOnlySpan<byte> source = bytes[1..(length - 1)];
        return Utf8Parser.TryParse(source, out value, out int consumed, 'c') && consumed == source.Length;
    }

    /// <summary>Parses a GUID as STJ does: the <c>D</c> format only (36 characters; no sign inside a group, no braces).</summary>
    private static bool TryParseGuid(string text, out Guid value)
    {
        Span<byte> bytes = stackalloc byte[MaxTextValueBytes + 2];
        if (text.Length != 36 || !TryQuoteAscii(text, bytes, out int length))
        {
            value = default;
            return false;
        }

        ReadOnlySpan<byte> source = bytes[1..(length - 1)];
        return Utf8Parser.TryParse(source, out value, out int consumed, 'D') && consumed == source.Length;
    }

    /// <summary>
    /// Writes <paramref name="text"/> between quotes as ASCII. Every form the parsers accept is printable ASCII without
    /// quotes or backslashes, so text that is not, or is too long, is refused here.
    /// </summary>
    private static bool TryQuoteAscii(string text, Span<byte> destination, out int length)
    {
        length = text.Length + 2;
        if (text.Length > MaxTextValueBytes)
        {
            return false;
        }

        destination[0] = (byte)'"';
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (c is < (char)0x20 or > (char)0x7E or '"' or '\\')
            {
                return false;
            }

            destination[i + 1] = (byte)c;
        }

        destination[text.Length + 1] = (byte)'"';
        return true;
    }
}
