using System;
using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;

namespace Jsonable.Benchmarks;

/// <summary>
/// An array of 4,096 integers of every digit count and both signs (as many of each length, so that the rare 11–20-digit
/// values weigh as much as ids and counts) written as JSON: a standing measurement of the writer's own integer formatter
/// (<c>IntegerFormatter</c>), against System.Text.Json's <see cref="Utf8JsonWriter.WriteNumberValue(long)"/>. Setup
/// checks that the two write the same bytes.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("Write", "Integers")]
public class IntegerWriteBenchmarks : IScenario
{
    private const int Count = 4096;

    private readonly ArrayBufferWriter<byte> _output = new(Count * 21);
    private long[] _values = [];
    private Utf8JsonWriter _stj = null!;

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _values = new long[Count];
        for (int i = 0; i < Count; i++)
        {
            int digits = 1 + (i % 19);
            long low = digits == 1 ? 0 : 1;
            for (int d = 1; d < digits; d++)
            {
                low *= 10;
            }

            long magnitude = random.NextInt64(low, digits == 19 ? long.MaxValue : Math.Max(low * 10, 10));
            _values[i] = i % 3 == 0 ? -magnitude : magnitude;
        }

        _values[0] = long.MinValue;
        _values[1] = long.MaxValue;
        _values[2] = 0;
        _stj = new Utf8JsonWriter(_output);

        Stj();
        byte[] expected = _output.WrittenSpan.ToArray();
        Jsonable();
        if (!_output.WrittenSpan.SequenceEqual(expected))
        {
            throw new InvalidOperationException("Jsonable's integers are not the bytes System.Text.Json writes.");
        }
    }

    /// <summary>System.Text.Json: a reused <see cref="Utf8JsonWriter"/>, <c>WriteNumberValue(long)</c> per element.</summary>
    [Benchmark(Baseline = true)]
    public int Stj()
    {
        _output.ResetWrittenCount();
        _stj.Reset(_output);
        _stj.WriteStartArray();
        foreach (long value in _values)
        {
            _stj.WriteNumberValue(value);
        }

        _stj.WriteEndArray();
        _stj.Flush();
        return _output.WrittenCount;
    }

    /// <summary>Jsonable: a <see cref="JsonableWriter"/> in JSON mode, <c>WriteNumber(long)</c> per element.</summary>
    [Benchmark]
    public int Jsonable()
    {
        _output.ResetWrittenCount();
        var writer = new JsonableWriter(_output, emitMetadataComments: false);
        writer.WriteArrayStart(_values.Length);
        for (int i = 0; i < _values.Length; i++)
        {
            if (i > 0)
            {
                writer.WriteComma();
            }

            writer.WriteNumber(_values[i]);
        }

        writer.WriteArrayEnd();
        writer.Flush();
        return _output.WrittenCount;
    }
}
