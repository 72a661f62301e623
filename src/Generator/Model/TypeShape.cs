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
internal sealed record TypeShape(ShapeKind Kind, string TypeName, TypeShape? Element, string? InterfaceName, bool IsValueType)
{
    /// <summary>A stable text that identifies the shape, used to share one helper method per shape.</summary>
    public string Key => Element is null ? $"{Kind}:{TypeName}" : $"{Kind}:{TypeName}<{Element.Key}>";
}
