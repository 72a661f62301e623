using System;
using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Jsonable.Samples.RealData;

namespace Jsonable.Benchmarks;

/// <summary>
/// What applying a merge patch costs against reading the same document with the generated reader: one twitter status
/// (nested user, entities, lists) as a whole-resource patch, merged into a stored status. The merge reads the document
/// twice (once to check it against the target writing nothing, once to apply it: that is what makes it atomic), so
/// about 2× is expected. <c>CreateFromJson</c> of the same bytes is the baseline.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("Merge")]
public class MergeBenchmarks : IScenario
{
    private byte[] _json = null!;
    private byte[] _jmc1 = null!;
    private Status _stored = null!;

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        TwitterRoot root = Payloads.Twitter.Model;
        Status status = root.statuses![0];
        var buffer = new ArrayBufferWriter<byte>();
        status.ToJsonUtf8(buffer, emitMetadataComments: false);
        _json = buffer.WrittenSpan.ToArray();
        buffer.ResetWrittenCount();
        status.ToJsonUtf8(buffer, emitMetadataComments: true);
        _jmc1 = buffer.WrittenSpan.ToArray();
        _stored = Status.CreateFromJson(_json);
        _stored.text = "before";

        // Check once that every method gives the document's data.
        string expected = JsonSerializer.Serialize(JsonDocument.Parse(_json).RootElement);
        foreach ((string name, Func<object> run) in new (string, Func<object>)[] { (nameof(FromJson), FromJson), (nameof(Merge_Json), Merge_Json), (nameof(FromJsonable), FromJsonable), (nameof(Merge_Jmc1), Merge_Jmc1) })
        {
            run();
            string actual = run() is Status s ? s.ToJson() : _stored.ToJson();
            if (actual != Status.CreateFromJson(_json).ToJson() || JsonSerializer.Serialize(JsonDocument.Parse(actual).RootElement) != expected)
            {
                throw new InvalidOperationException($"{name} did not produce the document's data.");
            }
        }
    }

    /// <summary>The generated reader: a new status from the document.</summary>
    [Benchmark(Baseline = true)]
    public object FromJson() => Status.CreateFromJson(_json);

    /// <summary>The same document merged into a stored status.</summary>
    [Benchmark]
    public object Merge_Json() => _stored.MergeFromJson(_json).Count;

    /// <summary>The generated reader, JMC1.</summary>
    [Benchmark]
    public object FromJsonable() => Status.CreateFromJsonable(_jmc1);

    /// <summary>The same JMC1 document merged into a stored status.</summary>
    [Benchmark]
    public object Merge_Jmc1() => _stored.MergeFromJsonable(_jmc1).Count;
}
