namespace Jsonable.Generator.Model;

/// <summary>
/// A member type reduced to what the emitter needs: its kind, its C# name, and its element (the underlying
/// type of an enum or nullable, the element of a collection, the value of a dictionary).
/// </summary>
/// <param name="Kind">How it is written and read.</param>
/// <param name="TypeName">The fully qualified C# type name, without nullable reference annotations.</param>
/// <param name="Element">The element shape, for kinds that have one.</param>
/// <param name="InterfaceName">For <see cref="ShapeKind.CollectionInterface"/>/<see cref="ShapeKind.DictionaryInterface"/>: the interface's simple name (IList, IEnumerable, ...).</param>
/// <param name="IsValueType">Whether the type is a value type.</param>
/// <param name="DictionaryKey">For dictionaries: the key's shape (string, an integer type, an enum or Guid).</param>
/// <param name="Enum">For enums: how they are named on the wire.</param>
internal sealed record TypeShape(ShapeKind Kind, string TypeName, TypeShape? Element, string? InterfaceName, bool IsValueType, TypeShape? DictionaryKey = null, EnumModel? Enum = null)
{
    /// <summary>A stable text that identifies the shape, used to share one helper method per shape.</summary>
    public string Key =>
        $"{Kind}{(Enum is { AsString: true } ? "~s" : string.Empty)}:{TypeName}" +
        (DictionaryKey is null ? string.Empty : $"[{DictionaryKey.Key}]") +
        (Element is null ? string.Empty : $"<{Element.Key}>");
}

/// <summary>An enum's members and whether it is written by name (STJ's <c>JsonStringEnumConverter</c>) or by number.</summary>
/// <param name="AsString">Whether values are written as names.</param>
/// <param name="IsFlags">Whether the enum is <c>[Flags]</c> (combinations are written as <c>"A, B"</c>).</param>
/// <param name="Members">The named members.</param>
internal sealed record EnumModel(bool AsString, bool IsFlags, EquatableArray<EnumMemberModel> Members);

/// <summary>One enum member.</summary>
/// <param name="Identifier">The C# identifier.</param>
/// <param name="JsonName">The name on the wire (<c>[JsonStringEnumMemberName]</c> or the identifier).</param>
internal sealed record EnumMemberModel(string Identifier, string JsonName);
