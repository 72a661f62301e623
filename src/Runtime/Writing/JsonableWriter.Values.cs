using System;
using System.Buffers.Text;
using System.Collections.Generic;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Jsonable;

/// <summary>Writers for the value types System.Text.Json writes as strings or special numbers, in STJ's default forms.</summary>
public ref partial struct JsonableWriter
{
    /// <summary>Writes a decimal, keeping its scale (<c>1.10</c> stays <c>1.10</c>) as System.Text.Json does.</summary>
    /// <param name="value">The value.</param>
    public void WriteNumber(decimal value)
    {
        Span<byte> dest = Reserve(32);
        Utf8Formatter.TryFormat(value, dest, out int written);
        _pos += written;
    }

    /// <summary>Writes a signed integer, as a string (<c>"42"</c>) where <paramref name="handling"/> has <see cref="JsonNumberHandling.WriteAsString"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="handling">The member's number handling.</param>
    public void WriteNumber(long value, JsonNumberHandling handling)
    {
        if ((handling & JsonNumberHandling.WriteAsString) == 0)
        {
            WriteNumber(value);
        }
        else
        {
            WriteQuotedNumber(value);
        }
    }

    /// <summary>Writes an unsigned integer, as a string where <paramref name="handling"/> has <see cref="JsonNumberHandling.WriteAsString"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="handling">The member's number handling.</param>
    public void WriteNumber(ulong value, JsonNumberHandling handling)
    {
        if ((handling & JsonNumberHandling.WriteAsString) == 0)
        {
            WriteNumber(value);
        }
        else
        {
            WriteQuotedNumber(value);
        }
    }

    /// <summary>Writes a decimal keeping its scale, as a string where <paramref name="handling"/> has <see cref="JsonNumberHandling.WriteAsString"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="handling">The member's number handling.</param>
    public void WriteNumber(decimal value, JsonNumberHandling handling)
    {
        if ((handling & JsonNumberHandling.WriteAsString) == 0)
        {
            WriteNumber(value);
        }
        else
        {
            WriteQuotedNumber(value);
        }
    }

    /// <summary>
    /// Writes a double as System.Text.Json does under <paramref name="handling"/>: as a string with
    /// <see cref="JsonNumberHandling.WriteAsString"/>; NaN and the infinities as <c>"NaN"</c>, <c>"Infinity"</c>,
    /// <c>"-Infinity"</c> with <see cref="JsonNumberHandling.AllowNamedFloatingPointLiterals"/> or
    /// <see cref="JsonNumberHandling.WriteAsString"/> (as STJ does; an error with neither).
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="handling">The member's number handling.</param>
    public void WriteNumber(double value, JsonNumberHandling handling)
    {
        if (!double.IsFinite(value) && (handling & (JsonNumberHandling.AllowNamedFloatingPointLiterals | JsonNumberHandling.WriteAsString)) != 0)
        {
            WriteAsciiString(double.IsNaN(value) ? "NaN"u8 : value > 0 ? "Infinity"u8 : "-Infinity"u8);
        }
        else if ((handling & JsonNumberHandling.WriteAsString) == 0)
        {
            WriteNumber(value);
        }
        else
        {
            WriteQuotedNumber(value);
        }
    }

    /// <summary>Writes a float as System.Text.Json does under <paramref name="handling"/> (see <see cref="WriteNumber(double, JsonNumberHandling)"/>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="handling">The member's number handling.</param>
    public void WriteNumber(float value, JsonNumberHandling handling)
    {
        if (!float.IsFinite(value) && (handling & (JsonNumberHandling.AllowNamedFloatingPointLiterals | JsonNumberHandling.WriteAsString)) != 0)
        {
            WriteAsciiString(float.IsNaN(value) ? "NaN"u8 : value > 0 ? "Infinity"u8 : "-Infinity"u8);
        }
        else if ((handling & JsonNumberHandling.WriteAsString) == 0)
        {
            WriteNumber(value);
        }
        else
        {
            WriteQuotedNumber(value);
        }
    }

    /// <summary>
    /// Writes a number as a JSON string, in the invariant form its own formatter gives (what STJ's
    /// <see cref="JsonNumberHandling.WriteAsString"/> puts on the wire): one body for every number type, all at most
    /// 31 characters (a decimal's 29 digits with sign and point; a double's shortest round-trip form is at most 24).
    /// </summary>
    private void WriteQuotedNumber<T>(T value)
#if NET
        where T : IUtf8SpanFormattable
    {
        Span<byte> text = stackalloc byte[32];
        value.TryFormat(text, out int n, default, CultureInfo.InvariantCulture);
        WriteAsciiString(text.Slice(0, n));
    }
#else
        where T : IFormattable
    {
        // netstandard2.0: the same invariant text through string (all ASCII); Mono's formatting is .NET Core's.
        WriteAsciiString(System.Text.Encoding.ASCII.GetBytes(value.ToString(null, CultureInfo.InvariantCulture)));
    }
#endif

    /// <summary>Writes a char as a one-character string.</summary>
    /// <param name="value">The value.</param>
#if NET
    public void WriteChar(char value) => WriteString(new ReadOnlySpan<char>(in value));
#else
    public void WriteChar(char value) => WriteString(stackalloc char[] { value });
#endif

    /// <summary>Writes a <see cref="DateTime"/> in ISO 8601 (round-trip form with trailing fraction zeros trimmed, like STJ).</summary>
    /// <param name="value">The value.</param>
    public void WriteDateTime(DateTime value)
    {
        Span<byte> text = stackalloc byte[40];
        value.TryFormat(text, out int n, "O", CultureInfo.InvariantCulture);
        WriteAsciiString(TrimFraction(text.Slice(0, n)));
    }

    /// <summary>Writes a <see cref="DateTimeOffset"/> in ISO 8601, keeping the offset (like STJ).</summary>
    /// <param name="value">The value.</param>
    public void WriteDateTimeOffset(DateTimeOffset value)
    {
        Span<byte> text = stackalloc byte[40];
        value.TryFormat(text, out int n, "O", CultureInfo.InvariantCulture);
        WriteAsciiString(TrimFraction(text.Slice(0, n)));
    }

#if NET // DateOnly and TimeOnly are .NET 6+ types
    /// <summary>Writes a <see cref="DateOnly"/> as <c>yyyy-MM-dd</c>.</summary>
    /// <param name="value">The value.</param>
    public void WriteDateOnly(DateOnly value)
    {
        Span<byte> text = stackalloc byte[16];
        value.TryFormat(text, out int n, "O", CultureInfo.InvariantCulture);
        WriteAsciiString(text.Slice(0, n));
    }

    /// <summary>Writes a <see cref="TimeOnly"/> as <c>HH:mm:ss[.fffffff]</c> (like STJ).</summary>
    /// <param name="value">The value.</param>
    public void WriteTimeOnly(TimeOnly value) => WriteTimeSpan(value.ToTimeSpan());
#endif

    /// <summary>Writes a <see cref="TimeSpan"/> in the constant (<c>c</c>) format, like STJ.</summary>
    /// <param name="value">The value.</param>
    public void WriteTimeSpan(TimeSpan value)
    {
        Span<byte> text = stackalloc byte[32];
        value.TryFormat(text, out int n, "c", CultureInfo.InvariantCulture);
        WriteAsciiString(text.Slice(0, n));
    }

    /// <summary>Writes a <see cref="Guid"/> in the <c>D</c> format (lowercase, with hyphens).</summary>
    /// <param name="value">The value.</param>
    public void WriteGuid(Guid value)
    {
        Span<byte> text = stackalloc byte[36];
        value.TryFormat(text, out int n, "D");
        WriteAsciiString(text.Slice(0, n));
    }

    /// <summary>Writes a <see cref="Uri"/> as its original string, or <c>null</c>.</summary>
    /// <param name="value">The value.</param>
    public void WriteUri(Uri? value) => WriteString(value?.OriginalString);

    /// <summary>Writes a dictionary key that is a signed integer (as a string, as STJ does), followed by <c>:</c>.</summary>
    /// <param name="key">The key.</param>
    public void WritePropertyName(long key)
    {
        Span<byte> text = stackalloc byte[20];
        Utf8Formatter.TryFormat(key, text, out int n);
        WriteAsciiString(text.Slice(0, n));
        WriteByte((byte)':');
    }

    /// <summary>Writes a dictionary key that is an unsigned integer, followed by <c>:</c>.</summary>
    /// <param name="key">The key.</param>
    public void WritePropertyName(ulong key)
    {
        Span<byte> text = stackalloc byte[20];
        Utf8Formatter.TryFormat(key, text, out int n);
        WriteAsciiString(text.Slice(0, n));
        WriteByte((byte)':');
    }

    /// <summary>Writes a dictionary key that is a <see cref="Guid"/>, followed by <c>:</c>.</summary>
    /// <param name="key">The key.</param>
    public void WritePropertyName(Guid key)
    {
        WriteGuid(key);
        WriteByte((byte)':');
    }

    /// <summary>
    /// Writes the members of a <c>[JsonExtensionData]</c> dictionary after the type's own members, as System.Text.Json
    /// does: each name as it is, each value as it was read (in JMC1 with a length comment before every string, array and object).
    /// </summary>
    /// <param name="data">The extension data, or <see langword="null"/>.</param>
    /// <param name="afterMember">Whether a member was written before (so a comma comes first).</param>
    public void WriteExtensionData(Dictionary<string, JsonElement>? data, bool afterMember)
    {
        if (data is null)
        {
            return;
        }

        foreach (KeyValuePair<string, JsonElement> pair in data)
        {
            if (afterMember)
            {
                WriteComma();
            }

            afterMember = true;
            WritePropertyName(pair.Key.AsSpan());
            WriteElement(pair.Value);
        }
    }

    private void WriteElement(JsonElement element)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
                int members = 0;
                foreach (JsonProperty unused in element.EnumerateObject())
                {
                    members++;
                }

                // An object of unknown shape: written as a dictionary (a count, no header), which carries the same data.
                WriteDictionaryStart(members);
                bool first = true;
                foreach (JsonProperty property in element.EnumerateObject())
                {
                    if (!first)
                    {
                        WriteComma();
                    }

                    first = false;
                    WritePropertyName(property.Name.AsSpan());
                    WriteElement(property.Value);
                }

                WriteDictionaryEnd();
                break;
            case JsonValueKind.Array:
                WriteArrayStart(element.GetArrayLength());
                int i = 0;
                foreach (JsonElement item in element.EnumerateArray())
                {
                    if (i++ != 0)
                    {
                        WriteComma();
                    }

                    WriteElement(item);
                }

                WriteArrayEnd();
                break;
            case JsonValueKind.String:
                WriteString(element.GetString());
                break;
            case JsonValueKind.Number:
                WriteRaw(System.Text.Encoding.UTF8.GetBytes(element.GetRawText()));
                break;
            case JsonValueKind.True:
                WriteBoolean(true);
                break;
            case JsonValueKind.False:
                WriteBoolean(false);
                break;
            default:
                WriteNull();
                break;
        }
    }

    /// <summary>Starts counting depth from <paramref name="depth"/>: for a writer that writes one element of an enclosing array.</summary>
    internal void StartAtDepth(int depth) => _depth = depth;

    /// <summary>Writes text that is known to need no escaping (ASCII without quotes, backslashes or controls) as a string.</summary>
    private void WriteAsciiString(scoped ReadOnlySpan<byte> ascii)
    {
        int prefix = EmitMetadata && Jmc1.CanEncodeLength(ascii.Length) ? Jmc1.LengthCommentSize + 1 : 1;
        Span<byte> dest = Reserve(prefix + ascii.Length + 1);
        if (prefix > 1)
        {
            Internal.JmcLength.Write(dest, ascii.Length);
        }

        dest[prefix - 1] = (byte)'"';
        ascii.CopyTo(dest.Slice(prefix));
        dest[prefix + ascii.Length] = (byte)'"';
        _pos += prefix + ascii.Length + 1;
    }

    /// <summary>Drops trailing zeros of the 7-digit fraction of an "O" date (and the dot when nothing is left).</summary>
    private static Span<byte> TrimFraction(Span<byte> text)
    {
        const int Dot = 19; // yyyy-MM-ddTHH:mm:ss.fffffff
        if (text.Length < Dot + 8 || text[Dot] != (byte)'.')
        {
            return text;
        }

        int end = Dot + 8;
        int keep = end;
        while (keep > Dot + 1 && text[keep - 1] == (byte)'0')
        {
            keep--;
        }

        if (keep == Dot + 1)
        {
            keep = Dot;
        }

        int suffix = text.Length - end;
        text.Slice(end, suffix).CopyTo(text.Slice(keep));
        return text.Slice(0, keep + suffix);
    }
}
