using System;
using System.Collections.Generic;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Values;

// Enums named by [JsonConverter(typeof(JsonStringEnumConverter))] on the member or on the enum type, each shape twice
// (the member-annotated one carries no attribute of its own), for EnumAttributeParityTests.

public enum ParityColor
{
    Red,
    Green,
    Blue,
    Crimson = Red,
}

// Composite members declared before and after their parts, so the order of a combination's names shows.
[Flags]
public enum ParityAccess
{
    None = 0,
    Read = 1,
    Write = 2,
    ReadWrite = 3,
    Execute = 4,
    Delete = 8,
    WriteExecute = 6,
}

public enum ParityRenamed
{
    [JsonStringEnumMemberName("light-gray")]
    LightGray,
    [JsonStringEnumMemberName("DARK")]
    Dark,
    Medium,
    [JsonStringEnumMemberName("medium")]
    Other,
}

[Flags]
public enum ParityRenamedFlags
{
    [JsonStringEnumMemberName("r")]
    Read = 1,
    [JsonStringEnumMemberName("Write-Access")]
    Write = 2,
    Exec = 4,
    [JsonStringEnumMemberName("rw")]
    ReadWrite = 3,
}

public enum ParitySigned : sbyte
{
    Min = sbyte.MinValue,
    MinusOne = -1,
    Zero = 0,
    Max = sbyte.MaxValue,
}

// Narrower than 64 bits: STJ counts the sign bit as the 49 bits it is sign-extended to, so Sign comes first.
[Flags]
public enum ParitySignedFlags : short
{
    A = 1,
    B = 2,
    Sign = short.MinValue,
}

public enum ParityUnsigned : ulong
{
    Zero = 0,
    High = 1UL << 63,
    Max = ulong.MaxValue,
}

[Flags]
public enum ParityByteFlags : byte
{
    A = 1,
    B = 2,
    High = 128,
    All = 255,
}

[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TypedColor
{
    Red,
    Green,
    Blue,
    Crimson = Red,
}

[Flags]
[JsonConverter(typeof(JsonStringEnumConverter<TypedAccess>))]
public enum TypedAccess
{
    None = 0,
    Read = 1,
    Write = 2,
    ReadWrite = 3,
    Execute = 4,
    Delete = 8,
    WriteExecute = 6,
}

[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TypedRenamed
{
    [JsonStringEnumMemberName("light-gray")]
    LightGray,
    [JsonStringEnumMemberName("DARK")]
    Dark,
    Medium,
    [JsonStringEnumMemberName("medium")]
    Other,
}

[Flags]
[JsonConverter(typeof(JsonStringEnumConverter<TypedRenamedFlags>))]
public enum TypedRenamedFlags
{
    [JsonStringEnumMemberName("r")]
    Read = 1,
    [JsonStringEnumMemberName("Write-Access")]
    Write = 2,
    Exec = 4,
    [JsonStringEnumMemberName("rw")]
    ReadWrite = 3,
}

[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TypedSigned : sbyte
{
    Min = sbyte.MinValue,
    MinusOne = -1,
    Zero = 0,
    Max = sbyte.MaxValue,
}

[Flags]
[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TypedSignedFlags : long
{
    A = 1,
    B = 2,
    Sign = long.MinValue,
}

[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TypedUnsigned : ulong
{
    Zero = 0,
    High = 1UL << 63,
    Max = ulong.MaxValue,
}

[Flags]
[JsonConverter(typeof(JsonStringEnumConverter<TypedByteFlags>))]
public enum TypedByteFlags : byte
{
    A = 1,
    B = 2,
    High = 128,
    All = 255,
}

[ToJson, FromJson]
public sealed partial class MemberNamedEnums
{
    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("color")] public ParityColor Color { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("access")] public ParityAccess Access { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("renamed")] public ParityRenamed Renamed { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("renamedFlags")] public ParityRenamedFlags RenamedFlags { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("signed")] public ParitySigned Signed { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("signedFlags")] public ParitySignedFlags SignedFlags { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("unsigned")] public ParityUnsigned Unsigned { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("byteFlags")] public ParityByteFlags ByteFlags { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("maybe")] public ParityAccess? Maybe { get; set; }
}

[ToJson, FromJson]
public sealed partial class TypeNamedEnums
{
    [JsonPropertyName("color")] public TypedColor Color { get; set; }

    [JsonPropertyName("access")] public TypedAccess Access { get; set; }

    [JsonPropertyName("renamed")] public TypedRenamed Renamed { get; set; }

    [JsonPropertyName("renamedFlags")] public TypedRenamedFlags RenamedFlags { get; set; }

    [JsonPropertyName("signed")] public TypedSigned Signed { get; set; }

    [JsonPropertyName("signedFlags")] public TypedSignedFlags SignedFlags { get; set; }

    [JsonPropertyName("unsigned")] public TypedUnsigned Unsigned { get; set; }

    [JsonPropertyName("byteFlags")] public TypedByteFlags ByteFlags { get; set; }

    [JsonPropertyName("maybe")] public TypedAccess? Maybe { get; set; }

    [JsonPropertyName("list")] public List<TypedRenamedFlags>? List { get; set; }
}

/// <summary>Dictionary keys of enum type: named by the enum type's converter, or (without one) as STJ writes enum keys.</summary>
[ToJson, FromJson]
public sealed partial class EnumKeyedMaps
{
    [JsonPropertyName("typedAccess")] public Dictionary<TypedAccess, int>? TypedAccess { get; set; }

    [JsonPropertyName("typedRenamed")] public Dictionary<TypedRenamedFlags, int>? TypedRenamed { get; set; }

    [JsonPropertyName("typedSigned")] public Dictionary<TypedSigned, int>? TypedSigned { get; set; }

    [JsonPropertyName("plainAccess")] public Dictionary<ParityAccess, int>? PlainAccess { get; set; }

    [JsonPropertyName("plainRenamed")] public Dictionary<ParityRenamedFlags, int>? PlainRenamed { get; set; }

    [JsonPropertyName("plainUnsigned")] public Dictionary<ParityUnsigned, int>? PlainUnsigned { get; set; }
}

/// <summary>Declared against value order: which of equal bit counts comes first in a combination shows.</summary>
[Flags]
public enum ParityReversed
{
    Z = 4,
    Y = 2,
    X = 1,
    ZY = 6,
}

/// <summary>A <c>[JsonStringEnumMemberName]</c> equal, but for case, to another member's name.</summary>
public enum ParityCase
{
    [JsonStringEnumMemberName("beta")]
    Alpha = 2,
    Beta = 1,
}

[Flags]
[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TypedReversed
{
    Z = 4,
    Y = 2,
    X = 1,
    ZY = 6,
}

[ToJson, FromJson]
public sealed partial class MemberNamedOrders
{
    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("reversed")] public ParityReversed Reversed { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))] [JsonPropertyName("case")] public ParityCase Case { get; set; }

    [JsonPropertyName("typed")] public TypedReversed Typed { get; set; }

    [JsonPropertyName("keys")] public Dictionary<ParityReversed, int>? Keys { get; set; }
}
