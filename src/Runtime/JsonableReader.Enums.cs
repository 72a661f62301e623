using System;
using System.ComponentModel;

namespace Jsonable;

/// <summary>Enums by name where <see cref="JsonableReaderOptions.EnumNames"/> asks for it (generated code calls these only then).</summary>
public ref partial struct JsonableReader
{
    /// <summary>
    /// Reads an enum value given as a string (names, or an integer when allowed), as <see cref="EnumNames"/> names the
    /// enum. Returns false, reading nothing but whitespace, when they leave the enum alone or the value is not a string:
    /// the caller reads the number. A number where the names allow no integer values is an error.
    /// </summary>
    /// <param name="info">The enum.</param>
    /// <param name="value">The value's bits, widened to 64.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadEnum(JsonableEnumInfo info, out ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        value = 0;
        EnumNameTable? table = EnumNames?.For(info);
        if (table is null)
        {
            return false;
        }

        if (TryReadStringValue(out string? text))
        {
            return table.TryParse(text, out value) ? true : throw InvalidValue(text, table.TypeName);
        }

        if (!table.AllowIntegerValues && _pos < _buffer.Length && _buffer[_pos] is (byte)'-' or (>= (byte)'0' and <= (byte)'9'))
        {
            throw new JsonableException($"The value is not a valid {table.TypeName}: the app's JsonStringEnumConverter allows names only.", _pos);
        }

        return false;
    }

    /// <summary>Parses a dictionary key of enum type as <see cref="EnumNames"/> names the enum; false when they leave it alone.</summary>
    /// <param name="info">The enum.</param>
    /// <param name="key">The key.</param>
    /// <param name="value">The key's bits, widened to 64.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly bool TryParseEnumKey(JsonableEnumInfo info, string key, out ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        ArgumentNullException.ThrowIfNull(key);
        value = 0;
        EnumNameTable? table = EnumNames?.For(info);
        if (table is null)
        {
            return false;
        }

        return table.TryParse(key, out value) ? true : throw InvalidValue(key, table.TypeName);
    }
}
