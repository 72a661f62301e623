using System;
using System.ComponentModel;

namespace Jsonable;

/// <summary>Enums by name where <see cref="JsonableWriterOptions.EnumNames"/> asks for it (generated code calls these only then).</summary>
public ref partial struct JsonableWriter
{
    /// <summary>
    /// Writes an enum value as <see cref="EnumNames"/> names it: its name, a <c>[Flags]</c> combination's names, or its
    /// number when it has none (an error when the names allow no integer values, as System.Text.Json's converter).
    /// Returns false, writing nothing, when they leave the enum alone: the caller writes it its own way.
    /// </summary>
    /// <param name="info">The enum.</param>
    /// <param name="value">The value's bits, widened to 64 (sign-extended for signed underlying types).</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryWriteEnum(JsonableEnumInfo info, ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        EnumNameTable? table = EnumNames?.For(info);
        if (table is null)
        {
            return false;
        }

        if (table.NameOf(value) is { } name)
        {
            WriteString(name);
        }
        else if (!table.AllowIntegerValues)
        {
            throw new JsonableException($"The {table.TypeName} value {table.NumberText(value)} has no name, and the app's JsonStringEnumConverter allows no integer values.");
        }
        else if (table.IsUnsigned)
        {
            WriteNumber(value);
        }
        else
        {
            WriteNumber(unchecked((long)value));
        }

        return true;
    }

    /// <summary>A dictionary key of enum type as <see cref="EnumNames"/> names it, or <see langword="null"/> when they leave the enum alone.</summary>
    /// <param name="info">The enum.</param>
    /// <param name="value">The key's bits, widened to 64.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly string? EnumKey(JsonableEnumInfo info, ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        return EnumNames?.For(info)?.KeyOf(value);
    }
}
