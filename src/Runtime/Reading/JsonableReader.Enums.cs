using System;
using System.ComponentModel;
using Jsonable.Metadata;

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

        int start = _pos;
        if (TryReadStringValue(out string? text))
        {
            return table.TryParse(text, out value) ? true : throw InvalidValueAt(start, text, table.TypeName);
        }

        if (!table.AllowIntegerValues && _pos < _buffer.Length && _buffer[_pos] is (byte)'-' or (>= (byte)'0' and <= (byte)'9'))
        {
            throw new JsonableException($"The value is not a valid {table.TypeName}: the app's JsonStringEnumConverter allows names only.", _pos);
        }

        return false;
    }

    /// <summary>
    /// Reads an enum value given as a string as its own <c>JsonStringEnumConverter</c> attribute names it (System.Text.Json's
    /// rule, as <see cref="TryReadEnum"/> with names as declared and integers allowed). Returns false, reading nothing but
    /// whitespace, when the value is not a string: the caller reads the number.
    /// </summary>
    /// <param name="info">The enum.</param>
    /// <param name="value">The value's bits, widened to 64.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadEnumName(JsonableEnumInfo info, out ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        value = 0;
        int start = _pos;
        if (!TryReadStringValue(out string? text))
        {
            return false;
        }

        return info.DeclaredNames.TryParse(text, out value) ? true : throw InvalidValueAt(start, text, info.EnumType.Name);
    }

    /// <summary>Parses a dictionary key of enum type: as <see cref="EnumNames"/> names the enum, else by its declared names.</summary>
    /// <param name="info">The enum.</param>
    /// <param name="key">The key.</param>
    /// <returns>The key's bits, widened to 64.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly ulong ParseEnumKeyName(JsonableEnumInfo info, string key)
    {
        ArgumentNullException.ThrowIfNull(info);
        ArgumentNullException.ThrowIfNull(key);
        EnumNameTable table = EnumNames?.For(info) ?? info.DeclaredNames;
        return table.TryParse(key, out ulong value) ? value : throw InvalidValue(key, table.TypeName);
    }
}
