using System;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Values;

// One box per scalar type, so each literal of the corpus is read as the single member of an object by both the
// generated reader and System.Text.Json.

public enum CorpusColor
{
    Red,
    Green,
    Blue,
}

[Flags]
public enum CorpusAccess
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
}

[ToJson, FromJson] public sealed partial class BoolBox { public bool Value { get; set; } }

[ToJson, FromJson] public sealed partial class SByteBox { public sbyte Value { get; set; } }

[ToJson, FromJson] public sealed partial class ByteBox { public byte Value { get; set; } }

[ToJson, FromJson] public sealed partial class Int16Box { public short Value { get; set; } }

[ToJson, FromJson] public sealed partial class UInt16Box { public ushort Value { get; set; } }

[ToJson, FromJson] public sealed partial class Int32Box { public int Value { get; set; } }

[ToJson, FromJson] public sealed partial class UInt32Box { public uint Value { get; set; } }

[ToJson, FromJson] public sealed partial class Int64Box { public long Value { get; set; } }

[ToJson, FromJson] public sealed partial class UInt64Box { public ulong Value { get; set; } }

[ToJson, FromJson] public sealed partial class SingleBox { public float Value { get; set; } }

[ToJson, FromJson] public sealed partial class DoubleBox { public double Value { get; set; } }

[ToJson, FromJson] public sealed partial class DecimalBox { public decimal Value { get; set; } }

[ToJson, FromJson] public sealed partial class CharBox { public char Value { get; set; } }

[ToJson, FromJson] public sealed partial class EnumNumberBox { public CorpusColor Value { get; set; } }

[ToJson, FromJson]
public sealed partial class EnumStringBox
{
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public CorpusColor Value { get; set; }
}

[ToJson, FromJson] public sealed partial class FlagsNumberBox { public CorpusAccess Value { get; set; } }

[ToJson, FromJson]
public sealed partial class FlagsStringBox
{
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public CorpusAccess Value { get; set; }
}

[ToJson, FromJson] public sealed partial class StringBox { public string? Value { get; set; } }

[ToJson, FromJson] public sealed partial class GuidBox { public Guid Value { get; set; } }

[ToJson, FromJson] public sealed partial class DateTimeBox { public DateTime Value { get; set; } }

[ToJson, FromJson] public sealed partial class DateTimeOffsetBox { public DateTimeOffset Value { get; set; } }

[ToJson, FromJson] public sealed partial class DateOnlyBox { public DateOnly Value { get; set; } }

[ToJson, FromJson] public sealed partial class TimeOnlyBox { public TimeOnly Value { get; set; } }

[ToJson, FromJson] public sealed partial class TimeSpanBox { public TimeSpan Value { get; set; } }

[ToJson, FromJson] public sealed partial class UriBox { public Uri? Value { get; set; } }

[ToJson, FromJson] public sealed partial class BytesBox { public byte[]? Value { get; set; } }

[ToJson, FromJson] public sealed partial class NullableInt32Box { public int? Value { get; set; } }

[ToJson, FromJson] public sealed partial class NullableDoubleBox { public double? Value { get; set; } }

[ToJson, FromJson] public sealed partial class NullableDateTimeBox { public DateTime? Value { get; set; } }

[ToJson, FromJson] public sealed partial class NullableDateTimeOffsetBox { public DateTimeOffset? Value { get; set; } }

[ToJson, FromJson] public sealed partial class NullableGuidBox { public Guid? Value { get; set; } }

[ToJson, FromJson]
public sealed partial class NullableEnumStringBox
{
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public CorpusColor? Value { get; set; }
}
