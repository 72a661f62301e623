using System;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Jsonable.Samples.RealData;

namespace Jsonable.Benchmarks;

/// <summary>
/// twitter.json as System.Text.Json's default encoder writes it (every non-ASCII char as <c>\uXXXX</c>, as many .NET
/// clients send it) → <see cref="TwitterRoot"/>: a standing measurement of the readers' escape-to-escape unescaping,
/// which the other read scenarios barely touch (their JSON carries non-ASCII text as raw UTF-8). STJ reading the same
/// bytes is the baseline; <see cref="Jsonable_RawUtf8"/> reads the same data with the text as raw UTF-8, so the gap
/// between the two Jsonable rows is what the escapes cost.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("Read", "Twitter", "Escaped")]
public class TwitterEscapedReadBenchmarks : IScenario
{
    private Payload<TwitterRoot> _payload = null!;

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        _payload = Payloads.Twitter;

        // The input must really be escaped, or this scenario measures nothing the others do not.
        if (_payload.StjJson.AsSpan().IndexOf("\\u"u8) < 0 || !System.Text.Ascii.IsValid(_payload.StjJson))
        {
            throw new InvalidOperationException("STJ's default-encoder output of twitter.json is expected to be all ASCII, with \\u escapes.");
        }

        _payload.AssertSameData(nameof(Stj_Escaped), Stj_Escaped());
        _payload.AssertSameData(nameof(Jsonable_Escaped), Jsonable_Escaped());
        _payload.AssertSameData(nameof(Jsonable_RawUtf8), Jsonable_RawUtf8());
    }

    /// <summary>STJ source-gen reading its own default-encoder output: the baseline.</summary>
    [Benchmark(Baseline = true)]
    public TwitterRoot Stj_Escaped() => JsonSerializer.Deserialize(_payload.StjJson, _payload.TypeInfo)!;

    /// <summary>Jsonable <c>CreateFromJson</c> on the same escaped bytes.</summary>
    [Benchmark]
    public TwitterRoot Jsonable_Escaped() => TwitterRoot.CreateFromJson(_payload.StjJson);

    /// <summary>Jsonable <c>CreateFromJson</c> on Jsonable's compact JSON (non-ASCII as raw UTF-8): the same data unescaped.</summary>
    [Benchmark]
    public TwitterRoot Jsonable_RawUtf8() => TwitterRoot.CreateFromJson(_payload.JsonableJson);
}
