using System;
using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Jsonable.Samples.RealData;
using Jsonable.Metadata;

namespace Jsonable.Benchmarks;

/// <summary>
/// One status of twitter.json (about 3 KB, the sample's <c>GET /statuses/{id}</c>): the synchronous generated writer
/// against the document writer servers call (<c>JsonableTypeInfo.WriteDocumentAsync</c>), which for a type that holds
/// collections is the generated asynchronous writer. A small body never reaches the flush threshold, so this is what
/// its pieces and threshold checks cost.
/// </summary>
[MemoryDiagnoser]
public class SmallWriteBenchmarks : IScenario
{
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private Status _status = null!;
    private JsonableTypeInfo _info = null!;

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        string file = Path.Combine(AppContext.BaseDirectory, "data", "twitter.json");
        _status = TwitterRoot.CreateFromJson(File.ReadAllBytes(file)).statuses![0];
        _info = JsonableRegistry.GetTypeInfo<Status>()!;
        int sync = Sync_Json();
        byte[] expected = _buffer.WrittenSpan.ToArray();
        if (Async_Json() != sync || !_buffer.WrittenSpan.SequenceEqual(expected))
        {
            throw new InvalidOperationException("The asynchronous writer wrote other bytes than the synchronous one.");
        }
    }

    /// <summary><c>ToJsonUtf8(writer, false)</c>.</summary>
    [Benchmark(Baseline = true)]
    public int Sync_Json()
    {
        _buffer.ResetWrittenCount();
        _status.ToJsonUtf8(_buffer, emitMetadataComments: false);
        return _buffer.WrittenCount;
    }

    /// <summary><c>WriteDocumentAsync</c> with the server's default 32 KB threshold.</summary>
    [Benchmark]
    public int Async_Json()
    {
        _buffer.ResetWrittenCount();
        ValueTask write = _info.WriteDocumentAsync(_buffer, _status, JsonableFormat.Json, null, static _ => default, 32 * 1024, default);
        write.GetAwaiter().GetResult(); // completes synchronously: nothing reaches the threshold
        return _buffer.WrittenCount;
    }

    /// <summary><c>ToJsonUtf8(writer, true)</c>.</summary>
    [Benchmark]
    public int Sync_Jmc1()
    {
        _buffer.ResetWrittenCount();
        _status.ToJsonUtf8(_buffer, emitMetadataComments: true);
        return _buffer.WrittenCount;
    }

    /// <summary><c>WriteDocumentAsync</c> in JMC1.</summary>
    [Benchmark]
    public int Async_Jmc1()
    {
        _buffer.ResetWrittenCount();
        ValueTask write = _info.WriteDocumentAsync(_buffer, _status, JsonableFormat.Jmc1, null, static _ => default, 32 * 1024, default);
        write.GetAwaiter().GetResult();
        return _buffer.WrittenCount;
    }
}
