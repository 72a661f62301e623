using System;
using System.Collections.Generic;
using System.ComponentModel;

namespace Jsonable.Metadata;

/// <summary>
/// What the generated code knows of one enum type: its members' values, C# names and <c>[JsonStringEnumMemberName]</c>
/// names. <see cref="JsonableEnumNames"/> turns it into the names an app's options ask for; generated code makes one per
/// enum it writes or reads by number.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class JsonableEnumInfo
{
    private protected JsonableEnumInfo(Type enumType, bool isFlags, ulong[] values, string[] identifiers, string?[] customNames)
    {
        ArgumentNullException.ThrowIfNull(enumType);
        ArgumentNullException.ThrowIfNull(values);
        ArgumentNullException.ThrowIfNull(identifiers);
        ArgumentNullException.ThrowIfNull(customNames);
        if (identifiers.Length != values.Length || customNames.Length != values.Length)
        {
            throw new ArgumentException("One value, identifier and custom name (or null) per member.", nameof(identifiers));
        }

        EnumType = enumType;
        IsFlags = isFlags;
        Values = values;
        Identifiers = identifiers;
        CustomNames = customNames;
        UnderlyingType = Type.GetTypeCode(Enum.GetUnderlyingType(enumType));
    }

    /// <summary>The enum type.</summary>
    public Type EnumType { get; }

    /// <summary>Whether the enum is <c>[Flags]</c>: a combination is written as its members' names, <c>"A, B"</c>.</summary>
    public bool IsFlags { get; }

    /// <summary>Each member's value, its bits widened to 64 (sign-extended for signed underlying types).</summary>
    public IReadOnlyList<ulong> Values { get; }

    /// <summary>Each member's C# name, as declared.</summary>
    public IReadOnlyList<string> Identifiers { get; }

    /// <summary>Each member's <c>[JsonStringEnumMemberName]</c>, or <see langword="null"/> where it has none.</summary>
    public IReadOnlyList<string?> CustomNames { get; }

    /// <summary>The underlying integer type.</summary>
    internal TypeCode UnderlyingType { get; }

    /// <summary>Whether the underlying type is unsigned (its values are written and read as <see cref="ulong"/>).</summary>
    internal bool IsUnsigned => UnderlyingType is TypeCode.Byte or TypeCode.UInt16 or TypeCode.UInt32 or TypeCode.UInt64;

    /// <summary>
    /// The names the enum's own <c>[JsonConverter(typeof(JsonStringEnumConverter))]</c> (on a member or on the enum type)
    /// gives it, which are also the names of its dictionary keys when the options name no enums: each member's
    /// <c>[JsonStringEnumMemberName]</c> or C# name, integers allowed. Made when first used; a race only makes it twice.
    /// </summary>
    internal EnumNameTable DeclaredNames => _declaredNames ??= new EnumNameTable(this, JsonableEnumNames.JsonNames(this, null), allowIntegerValues: true);

    private EnumNameTable? _declaredNames;

    /// <summary>The last <see cref="JsonableEnumNames"/> that looked this enum up and what it found, so that the next
    /// lookup by the same options is one comparison.</summary>
    internal volatile JsonableEnumNames.Memo? LastLookup;

    /// <summary>Calls <paramref name="visitor"/> with the enum type as a type argument.</summary>
    internal abstract TResult Accept<TResult>(IJsonableEnumVisitor<TResult> visitor);
}

/// <summary>What the generated code knows of the enum <typeparamref name="TEnum"/> (see <see cref="JsonableEnumInfo"/>).</summary>
/// <typeparam name="TEnum">The enum type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class JsonableEnumInfo<TEnum> : JsonableEnumInfo
    where TEnum : struct, Enum
{
    /// <summary>Describes <typeparamref name="TEnum"/>; the arrays hold one entry per member, in declaration order.</summary>
    /// <param name="isFlags">Whether the enum is <c>[Flags]</c>.</param>
    /// <param name="values">Each member's value, its bits widened to 64 (sign-extended for signed underlying types).</param>
    /// <param name="identifiers">Each member's C# name.</param>
    /// <param name="customNames">Each member's <c>[JsonStringEnumMemberName]</c>, or <see langword="null"/>.</param>
    public JsonableEnumInfo(bool isFlags, ulong[] values, string[] identifiers, string?[] customNames)
        : base(typeof(TEnum), isFlags, values, identifiers, customNames)
    {
    }

    internal override TResult Accept<TResult>(IJsonableEnumVisitor<TResult> visitor) => visitor.Visit(this);
}

/// <summary>Receives a <see cref="JsonableEnumInfo{TEnum}"/> with its enum type as a type argument.</summary>
/// <typeparam name="TResult">What the visit returns.</typeparam>
internal interface IJsonableEnumVisitor<out TResult>
{
    TResult Visit<TEnum>(JsonableEnumInfo<TEnum> info)
        where TEnum : struct, Enum;
}
