using System;
using System.ComponentModel;
using Jsonable.Metadata;

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

    /// <summary>
    /// Writes an enum value as its own <c>JsonStringEnumConverter</c> attribute names it (System.Text.Json's rule, as
    /// <see cref="TryWriteEnum"/> with names as declared): its name, a <c>[Flags]</c> combination's names, else its number.
    /// </summary>
    /// <param name="info">The enum.</param>
    /// <param name="value">The value's bits, widened to 64 (sign-extended for signed underlying types).</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void WriteEnumName(JsonableEnumInfo info, ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        EnumNameTable table = info.DeclaredNames;
        if (table.NameOf(value) is { } name)
        {
            WriteString(name);
        }
        else if (table.IsUnsigned)
        {
            WriteNumber(value);
        }
        else
        {
            WriteNumber(unchecked((long)value));
        }
    }

    /// <summary>
    /// A dictionary key of enum type: as <see cref="EnumNames"/> names it, else by its declared names, as System.Text.Json
    /// writes enum keys (a <c>[Flags]</c> combination as <c>"A, B"</c>, a value without a name as its number).
    /// </summary>
    /// <param name="info">The enum.</param>
    /// <param name="value">The key's bits, widened to 64.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly string EnumKeyName(JsonableEnumInfo info, ulong value)
    {
        ArgumentNullException.ThrowIfNull(info);
        return (EnumNames?.For(info) ?? info.DeclaredNames).KeyOf(value);
    }
}
