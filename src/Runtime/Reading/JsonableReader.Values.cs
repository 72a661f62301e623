using System;
using System.Globalization;

namespace Jsonable;

/// <summary>Readers for the value types System.Text.Json reads from strings or special numbers, accepting STJ's default forms.</summary>
public ref partial struct JsonableReader
{
    /// <summary>Reads a one-character string as a <see cref="char"/>.</summary>
    public char ReadChar()
    {
        int start = _pos;
        string text = ReadNonNullString("Char");
        return text.Length == 1 ? text[0] : throw new JsonableException($"Expected a string of one character for Char but found {text.Length}.", start);
    }

    /// <summary>
    /// Reads an ISO 8601 date and time as System.Text.Json does (<c>2024-01-02T03:04:05.123Z</c>): date only, minutes,
    /// seconds, any number of fraction digits (past 7 truncated), <c>Z</c>, <c>±hh:mm</c> or <c>±hh</c>. With an offset the
    /// value is converted to local time (<see cref="DateTimeKind.Local"/>), with <c>Z</c> it is UTC, without one unspecified.
    /// </summary>
    public DateTime ReadDateTime()
    {
        int start = _pos;
        string text = ReadNonNullString("DateTime");
        return TryParseIso8601(text, out DateTime v, out _, asOffset: false)
            ? v
            : throw NotInFormat(start, text, "DateTime", "an ISO 8601 date and time");
    }

    /// <summary>Reads an ISO 8601 date and time with offset as System.Text.Json does (<c>2024-01-02T03:04:05-05:30</c>; without one, the local offset).</summary>
    public DateTimeOffset ReadDateTimeOffset()
    {
        int start = _pos;
        string text = ReadNonNullString("DateTimeOffset");
        return TryParseIso8601(text, out _, out DateTimeOffset v, asOffset: true)
            ? v
            : throw NotInFormat(start, text, "DateTimeOffset", "an ISO 8601 date and time");
    }

#if NET // DateOnly and TimeOnly are .NET 6+ types
    /// <summary>Reads a date as <c>yyyy-MM-dd</c>.</summary>
    public DateOnly ReadDateOnly()
    {
        int start = _pos;
        string text = ReadNonNullString("DateOnly");

        // STJ's DateOnly is its ISO 8601 parser held to the date alone, which is exactly ten characters long.
        return text.Length == 10 && TryParseIso8601(text, out DateTime v, out _, asOffset: false)
            ? DateOnly.FromDateTime(v)
            : throw NotInFormat(start, text, "DateOnly", "yyyy-MM-dd");
    }

    /// <summary>Reads a time of day as <c>HH:mm[:ss[.fffffff]]</c>, as System.Text.Json does.</summary>
    public TimeOnly ReadTimeOnly()
    {
        int start = _pos;
        string text = ReadNonNullString("TimeOnly");

        // As STJ: it starts with a digit and has no day part (the first separator is ':'), so no sign, whitespace or days.
        int separator = text.AsSpan().IndexOfAny('.', ':');
        return separator > 0 && char.IsAsciiDigit(text[0]) && text[separator] == ':'
            && TryParseConstantTimeSpan(text, out TimeSpan t) && t >= TimeSpan.Zero && t < TimeSpan.FromDays(1)
            ? TimeOnly.FromTimeSpan(t)
            : throw NotInFormat(start, text, "TimeOnly", "HH:mm:ss[.fffffff]");
    }
#endif

    /// <summary>Reads a time span in the constant (<c>c</c>) format, as System.Text.Json does: <c>[-][d.]hh:mm[:ss[.fffffff]]</c>.</summary>
    public TimeSpan ReadTimeSpan()
    {
        int start = _pos;
        string text = ReadNonNullString("TimeSpan");

        // As STJ: a digit or '-' first (the parser underneath would skip leading whitespace).
        return text.Length > 0 && (char.IsAsciiDigit(text[0]) || text[0] == '-') && TryParseConstantTimeSpan(text, out TimeSpan v)
            ? v
            : throw NotInFormat(start, text, "TimeSpan", "[-][d.]hh:mm:ss[.fffffff]");
    }

    /// <summary>Reads a <see cref="Guid"/> in the <c>D</c> format.</summary>
    public Guid ReadGuid()
    {
        int start = _pos;
        string text = ReadNonNullString("Guid");
        return TryParseGuid(text, out Guid v) ? v : throw NotInFormat(start, text, "Guid", "00000000-0000-0000-0000-000000000000");
    }

    /// <summary>Reads a <see cref="Uri"/> (absolute or relative), or <c>null</c>.</summary>
    public Uri? ReadUri()
    {
        int start = _pos;
        string? text = ReadString();
        if (text is null)
        {
            return null;
        }

        return Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out Uri? v) ? v : throw NotInFormat(start, text, "Uri", "a URI");
    }

    /// <summary>Reads the next value if it is a string (for enums that accept names and numbers); leaves any other value unread.</summary>
    /// <param name="value">The unescaped string.</param>
    /// <returns>Whether a string was read.</returns>
    public bool TryReadStringValue([System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value)
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length && _buffer[_pos] == (byte)'"')
        {
            value = ReadStringCore(hint);
            return true;
        }

        value = null;
        return false;
    }

    /// <summary>
    /// Consumes <c>null</c> if it is the next value; otherwise reads nothing, so that the value's own reader still finds
    /// its JMC1 length comment (<see cref="TryReadNull"/> consumes it, leaving the value to be read by scanning).
    /// </summary>
    /// <returns>Whether a <c>null</c> was read.</returns>
    public bool TryReadNullKeepingHint()
    {
        int p = _pos;
        while (p < _buffer.Length)
        {
            byte b = _buffer[p];
            if (IsWhitespace(b))
            {
                p++;
                continue;
            }

            // Only length comments are stepped over here; anything else is judged by whichever reader comes next.
            if (b == (byte)'/' && IsJmc && p + Jmc1.LengthCommentSize <= _buffer.Length
                && _buffer[p + 1] == (byte)'*' && _buffer[p + 4] == (byte)'*' && _buffer[p + 5] == (byte)'/')
            {
                p += Jmc1.LengthCommentSize;
                continue;
            }

            return b == (byte)'n' && TryReadNull();
        }

        return false; // truncated: the value's reader reports it
    }

    /// <summary>The error for a member a merge patch names that the target type does not have (a typo must not look like success).</summary>
    /// <param name="name">The member name as read.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly JsonableException UnknownPatchMember(scoped ReadOnlySpan<byte> name) => System.Text.Unicode.Utf8.IsValid(name)
        ? new($"The member '{System.Text.Encoding.UTF8.GetString(name)}' is not known to the target type, so the patch cannot set it.", _pos)
        : new("The member name is not valid UTF-8.", _pos);

    /// <summary>The error for a member a merge patch names twice (which value wins would depend on the order of application).</summary>
    /// <param name="memberName">The member's wire name.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly JsonableException DuplicatePatchMember(string memberName) =>
        new($"The member '{memberName}' appears more than once in the patch.", _pos);

    /// <summary>The error for a <c>null</c> in a merge patch (which clears a member) where the member cannot be cleared.</summary>
    /// <param name="memberName">The member's wire name.</param>
    /// <param name="why">Why: "is required" or "is a non-nullable Int32".</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly JsonableException PatchCannotClear(string memberName, string why) =>
        new($"The member '{memberName}' cannot be cleared with null: it {why}.", Math.Max(_pos - 4, 0));

    /// <summary>
    /// Returns <paramref name="value"/>, the value just read for a member declared non-nullable (<c>string</c>, not
    /// <c>string?</c>); when the reader reads a merge patch, <c>null</c> there is an error keyed by the member's path.
    /// </summary>
    /// <typeparam name="T">The member's type.</typeparam>
    /// <param name="value">The value read.</param>
    /// <param name="memberName">The member's wire name.</param>
    /// <param name="typeName">The member's type, for the message.</param>
    /// <returns><paramref name="value"/>.</returns>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public readonly T NonNullableMember<T>(T value, string memberName, string typeName)
    {
        if (value is null && RespectsNullableAnnotations)
        {
            ThrowNullIntoNonNullable(memberName, typeName);
        }

        return value;
    }

    // Out of line: keeps NonNullableMember small enough to inline into every member read of a large type.
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private readonly void ThrowNullIntoNonNullable(string memberName, string typeName) =>
        throw new JsonableException($"null cannot be read into '{memberName}': it is declared non-nullable ({typeName}, not {typeName}?).", Math.Max(_pos - 4, 0));

    /// <summary>The error for a read-only member (<c>[Editable(false)]</c>, <c>[Key]</c>) a merge patch names in an object that exists.</summary>
    /// <param name="memberName">The member's wire name.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly JsonableException PatchCannotChangeReadOnly(string memberName) =>
        new($"'{memberName}' cannot be changed by a PATCH: it identifies the resource or is read-only. Leave it out of the patch.", _pos);

    /// <summary>The error for a member a merge patch names that only a constructor can set.</summary>
    /// <param name="memberName">The member's wire name.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly JsonableException PatchCannotSet(string memberName) =>
        new($"The member '{memberName}' cannot be changed by a patch: only the constructor sets it.", _pos);

    /// <summary>The error for a required member the document lacks.</summary>
    /// <param name="memberName">The member's wire name.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly JsonableException MissingRequired(string memberName) =>
        new($"The required member '{memberName}' is missing.", _pos); // just past the object: the path names the object

    /// <summary>Converts a dictionary key to a signed integer.</summary>
    /// <param name="key">The key as read.</param>
    /// <param name="typeName">The key type, for the message.</param>
    /// <param name="min">The smallest allowed value.</param>
    /// <param name="max">The largest allowed value.</param>
    public readonly long ConvertKeyToInt64(string key, string typeName, long min, long max)
    {
        ArgumentNullException.ThrowIfNull(key);
        return long.TryParse(key, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long v) && v >= min && v <= max
            ? v
            : throw new JsonableException($"The key '{key}' is not a valid {typeName}.", _pos);
    }

    /// <summary>Converts a dictionary key to an unsigned integer.</summary>
    /// <param name="key">The key as read.</param>
    /// <param name="typeName">The key type, for the message.</param>
    /// <param name="max">The largest allowed value.</param>
    public readonly ulong ConvertKeyToUInt64(string key, string typeName, ulong max)
    {
        ArgumentNullException.ThrowIfNull(key);
        return ulong.TryParse(key, NumberStyles.None, CultureInfo.InvariantCulture, out ulong v) && v <= max
            ? v
            : throw new JsonableException($"The key '{key}' is not a valid {typeName}.", _pos);
    }

    /// <summary>Converts a dictionary key to a <see cref="Guid"/>.</summary>
    /// <param name="key">The key as read.</param>
    public readonly Guid ConvertKeyToGuid(string key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return TryParseGuid(key, out Guid v) ? v : throw new JsonableException($"The key '{key}' is not a valid Guid.", _pos);
    }

    /// <summary>
    /// Whether an enum's string is a number rather than names, as System.Text.Json's enum converter tells them apart: an
    /// optional sign and ASCII digits (the generated parser has trimmed it already).
    /// </summary>
    /// <param name="text">The trimmed string.</param>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public static bool IsEnumInteger(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        int start = text.Length > 0 && text[0] is '+' or '-' ? 1 : 0;
        return text.Length > start && !text.AsSpan(start).ContainsAnyExceptInRange('0', '9');
    }

    /// <summary>The error for a string that does not parse as <paramref name="typeName"/>.</summary>
    /// <param name="text">The string read.</param>
    /// <param name="typeName">The target type.</param>
    public readonly JsonableException InvalidValue(string text, string typeName) =>
        new($"The value '{text}' is not a valid {typeName}.", _pos);

    /// <summary>
    /// As <see cref="InvalidValue"/>, at the value's start (whitespace before it skipped): the value has been read, and an
    /// error keyed where it ends would be keyed past its member, which counts as finished once its value is.
    /// </summary>
    private readonly JsonableException InvalidValueAt(int start, string text, string typeName)
    {
        while (start < _buffer.Length && IsWhitespace(_buffer[start]))
        {
            start++;
        }

        return new($"The value '{text}' is not a valid {typeName}.", start);
    }


    private string ReadNonNullString(string typeName)
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length && _buffer[_pos] == (byte)'"')
        {
            return ReadStringCore(hint);
        }

        throw Unexpected("a string", typeName);
    }

    private readonly JsonableException NotInFormat(int start, string text, string typeName, string format) =>
        new($"The string '{text}' is not a valid {typeName}; expected {format}.", start);
}
