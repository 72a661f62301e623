using System;
using System.Collections.Generic;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.TypeSystem;

public enum Color
{
    Red = 1,
    Green = 2,
    Blue = 4,
}

[Flags]
public enum Access : ulong
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
}

[JsonConverter(typeof(JsonStringEnumConverter<Weekday>))]
public enum Weekday
{
    Monday,
    Tuesday,
    Wednesday,
}

/// <summary>Every value type of docs/types.md that STJ writes as a string or special number.</summary>
[ToJson, FromJson]
public partial class AllValues
{
    public decimal Decimal { get; set; }
    public char Char { get; set; }
    public DateTime DateTime { get; set; }
    public DateTimeOffset DateTimeOffset { get; set; }
    public DateOnly DateOnly { get; set; }
    public TimeOnly TimeOnly { get; set; }
    public TimeSpan TimeSpan { get; set; }
    public Guid Guid { get; set; }
    public Uri? Uri { get; set; }
    public byte[]? Bytes { get; set; }
    public Color Color { get; set; }
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public Color NamedColor { get; set; }
    public Weekday Day { get; set; }
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public Access Access { get; set; }
    public HashSet<int>? Set { get; set; }
    public IReadOnlyList<string>? ReadOnlyList { get; set; }
    public IReadOnlyCollection<int>? ReadOnlyCollection { get; set; }
    public IReadOnlyDictionary<string, int>? ReadOnlyDictionary { get; set; }
    public Dictionary<int, string>? ByInt { get; set; }
    public Dictionary<long, string>? ByLong { get; set; }
    public Dictionary<uint, string>? ByUInt { get; set; }
    public Dictionary<Color, int>? ByEnum { get; set; }
    public Dictionary<Guid, int>? ByGuid { get; set; }
    public decimal? NullableDecimal { get; set; }
    public char? NullableChar { get; set; }
    public DateTime? NullableDateTime { get; set; }
    public DateTimeOffset? NullableDateTimeOffset { get; set; }
    public DateOnly? NullableDateOnly { get; set; }
    public TimeOnly? NullableTimeOnly { get; set; }
    public TimeSpan? NullableTimeSpan { get; set; }
    public Guid? NullableGuid { get; set; }
    public Color? NullableColor { get; set; }
}
