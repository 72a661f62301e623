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
/// <param name="NumberHandling">
/// For numbers: STJ's <c>JsonNumberHandling</c> flags in force (member, then type, then <c>[JsonableGenerationOptions]</c>; by default
/// <see cref="WebNumberHandling"/>, ASP.NET Core's web default). Collections, dictionaries and nullables pass it to their numbers.
/// </param>
/// <param name="HoldsCollections">
/// For a generated type: whether it holds a collection or dictionary, directly or through its members' types, so that an
/// asynchronous writer can flush inside it (Emitter.AsyncWriter.cs). An estimate from the declared members: the runtime
/// falls back to the synchronous writer when the type has no asynchronous one.
/// </param>
internal sealed record TypeShape(
    ShapeKind Kind,
    string TypeName,
    TypeShape? Element,
    string? InterfaceName,
    bool IsValueType,
    TypeShape? DictionaryKey = null,
    EnumModel? Enum = null,
    int NumberHandling = TypeShape.WebNumberHandling,
    bool HoldsCollections = false)
{
    /// <summary>STJ's <c>JsonNumberHandling.Strict</c>.</summary>
    public const int StrictNumberHandling = 0;

    /// <summary>STJ's <c>JsonNumberHandling.AllowReadingFromString</c>, what ASP.NET Core's web defaults use.</summary>
    public const int WebNumberHandling = 1;

    /// <summary>STJ's <c>JsonNumberHandling.WriteAsString</c>.</summary>
    public const int WriteAsString = 2;

    /// <summary>STJ's <c>JsonNumberHandling.AllowNamedFloatingPointLiterals</c>.</summary>
    public const int AllowNamedFloatingPointLiterals = 4;

    /// <summary>Whether the kind is a number that <see cref="NumberHandling"/> applies to (enums are not: STJ ignores it for them).</summary>
    public bool IsNumber => Kind is ShapeKind.SByte or ShapeKind.Byte or ShapeKind.Int16 or ShapeKind.UInt16 or ShapeKind.Int32 or ShapeKind.UInt32
        or ShapeKind.Int64 or ShapeKind.UInt64 or ShapeKind.Single or ShapeKind.Double or ShapeKind.Decimal;

    /// <summary>A stable text that identifies the shape, used to share one helper method per shape.</summary>
    public string Key =>
        $"{Kind}{(Enum is { AsString: true } ? "~s" : string.Empty)}{(Enum is { ByMember: true } ? "~m" : string.Empty)}{(IsNumber && NumberHandling != WebNumberHandling ? "~n" + NumberHandling : string.Empty)}:{TypeName}" +
        (DictionaryKey is null ? string.Empty : $"[{DictionaryKey.Key}]") +
        (Element is null ? string.Empty : $"<{Element.Key}>");
}

/// <summary>
/// An enum's members and whether it is written by name (STJ's <c>JsonStringEnumConverter</c>) or by number. As in STJ, a
/// converter on the member beats a converter in the app's options (<c>JsonableWriterOptions.EnumNames</c> at run
/// time), which beats a converter on the enum type.
/// </summary>
/// <param name="ByType">Whether the enum type carries the converter.</param>
/// <param name="ByMember">Whether the member (or the nullable member) carries it.</param>
/// <param name="IsFlags">Whether the enum is <c>[Flags]</c> (combinations are written as <c>"A, B"</c>).</param>
/// <param name="Members">The named members.</param>
internal sealed record EnumModel(bool ByType, bool ByMember, bool IsFlags, EquatableArray<EnumMemberModel> Members)
{
    /// <summary>Whether values are written as names when the app's options say nothing.</summary>
    public bool AsString => ByType || ByMember;
}

/// <summary>One enum member.</summary>
/// <param name="Identifier">The C# identifier.</param>
/// <param name="JsonName">The name on the wire (<c>[JsonStringEnumMemberName]</c> or the identifier).</param>
/// <param name="HasCustomName">Whether <see cref="JsonName"/> comes from <c>[JsonStringEnumMemberName]</c> (no naming policy applies to it).</param>
internal sealed record EnumMemberModel(string Identifier, string JsonName, bool HasCustomName);
