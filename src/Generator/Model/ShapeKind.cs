namespace Jsonable.Generator.Model;

/// <summary>How a member's type is written and read.</summary>
internal enum ShapeKind
{
    Boolean,
    SByte,
    Byte,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Single,
    Double,
    String,
    Decimal,
    Char,
    DateTime,
    DateTimeOffset,
    DateOnly,
    TimeOnly,
    TimeSpan,
    Guid,
    Uri,
    ByteArray,
    Enum,
    Nullable,
    Array,
    List,
    HashSet,
    CollectionInterface,
    Dictionary,
    DictionaryInterface,
    Generated,

    /// <summary>A type parameter of the generic type being generated (<c>T</c> of <c>Page&lt;T&gt;</c>): read and written through the registry's info for the type argument.</summary>
    TypeParameter,
}
