namespace Jsonable.Internal;

/// <summary>
/// The lists of types that the generator checks and the runtime serves, by metadata name, in one file: the generator
/// compiles this file too (as it does Jmc1.cs), so that what it accepts at compile time is what the registry finds at
/// run time. It must stay netstandard2.0-compatible.
/// </summary>
/// <remarks>
/// The runtime names each of these types with <c>typeof</c> where it creates infos (<c>BuiltInTypeArguments</c>,
/// <c>JsonableRegistry.CreateDictionaryInfo</c>), so that native AOT compiles exactly those; its tests check those
/// branches against these lists.
/// </remarks>
internal static class JsonableTypeLists
{
    /// <summary>
    /// The built-in values a generated generic type accepts as a type argument (<c>Page&lt;int&gt;</c>): what the
    /// generator checks <c>[JsonableType]</c> arguments against and <c>BuiltInTypeArguments</c> serves.
    /// </summary>
    public static readonly string[] BuiltInTypeArguments =
    [
        "System.String", "System.Boolean", "System.Byte", "System.Int16", "System.Int32", "System.Int64", "System.UInt32",
        "System.UInt64", "System.Single", "System.Double", "System.Decimal", "System.DateTime", "System.Guid",
        "System.DateTimeOffset", "System.DateOnly", "System.TimeSpan", "System.Uri",
    ];

    /// <summary>
    /// The generic collections of a generated type that are found without <c>[JsonableType]</c> as a root value or a
    /// type argument (<c>T[]</c> is too). The registry also writes <c>IAsyncEnumerable&lt;T&gt;</c> as a root value.
    /// </summary>
    public static readonly string[] RootSequenceDefinitions =
    [
        "System.Collections.Generic.List`1", "System.Collections.Generic.IList`1", "System.Collections.Generic.ICollection`1",
        "System.Collections.Generic.IEnumerable`1", "System.Collections.Generic.IReadOnlyList`1", "System.Collections.Generic.IReadOnlyCollection`1",
    ];

    /// <summary>The generic dictionaries of a generated type found the same way, with a key from <see cref="RootDictionaryKeys"/>.</summary>
    public static readonly string[] RootDictionaryDefinitions =
    [
        "System.Collections.Generic.Dictionary`2", "System.Collections.Generic.IDictionary`2", "System.Collections.Generic.IReadOnlyDictionary`2",
    ];

    /// <summary>The key types of root (and type-argument) dictionaries; a member dictionary takes more (every integer type and enums).</summary>
    public static readonly string[] RootDictionaryKeys = ["System.String", "System.Int32", "System.Int64", "System.Guid"];
}
