using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using Jsonable.Metadata;

namespace Jsonable.Benchmarks;

/// <summary>
/// 4,096 rows of enums (a plain one, a nullable one, a <c>[Flags]</c> one, a list of three) written and read as JSON:
/// the generated enum path by number (the default, which must not pay for enum names) against System.Text.Json, and
/// by name (<see cref="JsonableWriterOptions.EnumNames"/>, what a global <c>JsonStringEnumConverter</c> asks for) against
/// STJ with that converter. Setup checks that each pair writes the same data and reads it back.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("Write", "Read", "Enums")]
public class EnumsBenchmarks : IScenario
{
    private const int Count = 4096;

    private static readonly JsonSerializerOptions s_stjNumbers = new(JsonSerializerDefaults.Web);
    private static readonly JsonSerializerOptions s_stjNames = new(JsonSerializerDefaults.Web) { Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) } };
    private static readonly JsonableEnumNames s_names = new(JsonNamingPolicy.CamelCase.ConvertName);
    private static readonly JsonableWriterOptions s_writeNames = new() { EnumNames = s_names };
    private static readonly JsonableReaderOptions s_readNames = new() { EnumNames = s_names };

    private readonly ArrayBufferWriter<byte> _output = new(Count * 120);
    private EnumBenchmarkTable _table = new();
    private byte[] _numbers = [];
    private byte[] _names = [];
    private EnumAttributeBenchmarkTable _attributed = new();
    private byte[] _attributeNames = [];

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        var days = Enum.GetValues<DayOfWeek>();
        _table = new EnumBenchmarkTable
        {
            Rows = [.. Enumerable.Range(0, Count).Select(i => new EnumBenchmarkRow
            {
                Id = i,
                Day = days[i % 7],
                Next = i % 3 == 0 ? null : days[(i + 1) % 7],
                Access = (EnumBenchmarkAccess)(i % 8),
                Recent = [days[i % 7], days[(i + 2) % 7], days[(i + 4) % 7]],
            })],
        };

        _numbers = JsonableSerializer.SerializeToUtf8Bytes(_table);
        _names = JsonableSerializer.SerializeToUtf8Bytes(_table, JsonableFormat.Json, s_writeNames);
        Check(_numbers, JsonSerializer.SerializeToUtf8Bytes(_table, s_stjNumbers), JsonableSerializer.Deserialize<EnumBenchmarkTable>(_numbers)!);
        Check(_names, JsonSerializer.SerializeToUtf8Bytes(_table, s_stjNames), JsonableSerializer.Deserialize<EnumBenchmarkTable>(_names, JsonableFormat.Json, s_readNames)!);
        _attributed = new EnumAttributeBenchmarkTable
        {
            Rows = [.. _table.Rows.Select(r => new EnumAttributeBenchmarkRow { Id = r.Id, Day = r.Day, Next = r.Next, Access = r.Access, Recent = r.Recent })],
        };
        _attributeNames = JsonableSerializer.SerializeToUtf8Bytes(_attributed);
        EnumAttributeBenchmarkTable back = JsonableSerializer.Deserialize<EnumAttributeBenchmarkTable>(_attributeNames)!;
        if (!_attributeNames.AsSpan().SequenceEqual(JsonSerializer.SerializeToUtf8Bytes(_attributed, s_stjNumbers)) || back.Rows[^1].Access != _attributed.Rows[^1].Access)
        {
            throw new InvalidOperationException("Jsonable's attribute-named enums differ from System.Text.Json's.");
        }
    }

    [Benchmark(Baseline = true)]
    public int Stj_WriteNumbers()
    {
        _output.ResetWrittenCount();
        using var writer = new Utf8JsonWriter(_output);
        JsonSerializer.Serialize(writer, _table, s_stjNumbers);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Jsonable_WriteNumbers()
    {
        _output.ResetWrittenCount();
        JsonableSerializer.Serialize(_output, _table);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Jsonable_ReadNumbers() => JsonableSerializer.Deserialize<EnumBenchmarkTable>(_numbers)!.Rows.Count;

    // NAMES BEGIN (the enum-names rows; a build from before JsonableEnumNames leaves them out)
    [Benchmark]
    public int Stj_WriteNames()
    {
        _output.ResetWrittenCount();
        using var writer = new Utf8JsonWriter(_output);
        JsonSerializer.Serialize(writer, _table, s_stjNames);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Jsonable_WriteNames()
    {
        _output.ResetWrittenCount();
        JsonableSerializer.Serialize(_output, _table, JsonableFormat.Json, s_writeNames);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Stj_ReadNames() => JsonSerializer.Deserialize<EnumBenchmarkTable>(_names, s_stjNames)!.Rows.Count;

    [Benchmark]
    public int Jsonable_ReadNames() => JsonableSerializer.Deserialize<EnumBenchmarkTable>(_names, JsonableFormat.Json, s_readNames)!.Rows.Count;

    // NAMES END
    [Benchmark]
    public int Stj_WriteAttributeNames()
    {
        _output.ResetWrittenCount();
        using var writer = new Utf8JsonWriter(_output);
        JsonSerializer.Serialize(writer, _attributed, s_stjNumbers);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Jsonable_WriteAttributeNames()
    {
        _output.ResetWrittenCount();
        JsonableSerializer.Serialize(_output, _attributed);
        return _output.WrittenCount;
    }

    [Benchmark]
    public int Stj_ReadAttributeNames() => JsonSerializer.Deserialize<EnumAttributeBenchmarkTable>(_attributeNames, s_stjNumbers)!.Rows.Count;

    [Benchmark]
    public int Jsonable_ReadAttributeNames() => JsonableSerializer.Deserialize<EnumAttributeBenchmarkTable>(_attributeNames)!.Rows.Count;

    private void Check(byte[] jsonable, byte[] stj, EnumBenchmarkTable back)
    {
        using JsonDocument a = JsonDocument.Parse(jsonable);
        using JsonDocument b = JsonDocument.Parse(stj);
        if (!JsonElement.DeepEquals(a.RootElement, b.RootElement) || back.Rows.Count != Count || back.Rows[^1].Access != _table.Rows[^1].Access || back.Rows[^1].Next != _table.Rows[^1].Next)
        {
            throw new InvalidOperationException("Jsonable's enums differ from System.Text.Json's: " + System.Text.Encoding.UTF8.GetString(jsonable.AsSpan(0, 200)));
        }
    }
}

/// <summary>The rows of <see cref="EnumsBenchmarks"/>.</summary>
[ToJson, FromJson]
public partial class EnumBenchmarkTable
{
    public List<EnumBenchmarkRow> Rows { get; set; } = [];
}

/// <summary>One row of <see cref="EnumsBenchmarks"/>: an id and enums.</summary>
[ToJson, FromJson]
public partial class EnumBenchmarkRow
{
    public int Id { get; set; }

    public DayOfWeek Day { get; set; }

    public DayOfWeek? Next { get; set; }

    public EnumBenchmarkAccess Access { get; set; }

    public List<DayOfWeek> Recent { get; set; } = [];
}

/// <summary>The rows of <see cref="EnumsBenchmarks"/> named by their members' <c>JsonStringEnumConverter</c> attributes.</summary>
[ToJson, FromJson]
public partial class EnumAttributeBenchmarkTable
{
    public List<EnumAttributeBenchmarkRow> Rows { get; set; } = [];
}

/// <summary><see cref="EnumBenchmarkRow"/> with each enum member named by <c>[JsonConverter(typeof(JsonStringEnumConverter))]</c>.</summary>
[ToJson, FromJson]
public partial class EnumAttributeBenchmarkRow
{
    public int Id { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))]
    public DayOfWeek Day { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))]
    public DayOfWeek? Next { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))]
    public EnumBenchmarkAccess Access { get; set; }

    public List<DayOfWeek> Recent { get; set; } = [];
}

/// <summary>Flags for <see cref="EnumsBenchmarks"/>.</summary>
[Flags]
public enum EnumBenchmarkAccess
{
    None = 0,
    Read = 1,
    Write = 2,
    Delete = 4,
}
