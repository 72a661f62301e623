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
}
