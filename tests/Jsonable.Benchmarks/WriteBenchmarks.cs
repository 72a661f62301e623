using System;
using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using MessagePack;
using Jsonable.Metadata;

namespace Jsonable.Benchmarks;

/// <summary>
/// Writes one model into a reused <see cref="ArrayBufferWriter{T}"/> (reset before each operation) with every
/// serializer. STJ through a reused <see cref="Utf8JsonWriter"/> with its default encoder is the baseline;
/// <c>Stj_RelaxedEscaping</c> uses <see cref="JavaScriptEncoder.UnsafeRelaxedJsonEscaping"/>, which escapes about as
/// little as Jsonable does (non-ASCII text stays raw UTF-8).
/// </summary>
/// <typeparam name="T">The root model type.</typeparam>
[MemoryDiagnoser]
public abstract class WriteBenchmarks<T> : IScenario
    where T : class
{
    private readonly ArrayBufferWriter<byte> _buffer = new(4 * 1024 * 1024);
    private Payload<T> _payload = null!;
    private Utf8JsonWriter _stjWriter = null!;
    private Utf8JsonWriter _stjRelaxedWriter = null!;

    /// <summary>The payload whose model this scenario writes.</summary>
    protected abstract Payload<T> LoadPayload();

    /// <summary>The generated <c>value.ToJsonUtf8(writer, emitMetadataComments)</c>.</summary>
    /// <param name="value">The model.</param>
    /// <param name="writer">The output.</param>
    /// <param name="emitMetadataComments"><see langword="true"/> for JMC1.</param>
    protected abstract void WriteJsonable(T value, ArrayBufferWriter<byte> writer, bool emitMetadataComments);

    /// <summary><c>MemoryPackSerializer.Serialize(writer, copy)</c> of the model's MemoryPack copy.</summary>
    /// <param name="memoryPackModel">The copy (<see cref="Payload{T}.MemoryPackModel"/>).</param>
    /// <param name="writer">The output.</param>
    protected abstract void WriteMemoryPack(object memoryPackModel, ArrayBufferWriter<byte> writer);

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        _payload = LoadPayload();
        _stjWriter = new Utf8JsonWriter(_buffer);
        _stjRelaxedWriter = new Utf8JsonWriter(_buffer, new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping });

        Stj();
        _payload.AssertSameData(nameof(Stj), JsonSerializer.Deserialize(_buffer.WrittenSpan, _payload.TypeInfo));
        Stj_RelaxedEscaping();
        _payload.AssertSameData(nameof(Stj_RelaxedEscaping), JsonSerializer.Deserialize(_buffer.WrittenSpan, _payload.TypeInfo));
        Jsonable_Json();
        AssertSameBytes(nameof(Jsonable_Json), _payload.JsonableJson);
        _payload.AssertSameData(nameof(Jsonable_Json), JsonSerializer.Deserialize(_buffer.WrittenSpan, _payload.TypeInfo));
        Jsonable_Jmc1();
        AssertSameBytes(nameof(Jsonable_Jmc1), _payload.Jmc1);
        MessagePack();
        _payload.AssertSameData(nameof(MessagePack), MessagePackSerializer.Deserialize<T>(_buffer.WrittenMemory, Payloads.MessagePackOptions));
        MemoryPack();
        AssertSameBytes(nameof(MemoryPack), _payload.MemoryPack);
    }

    /// <summary>STJ source-gen, default encoder.</summary>
    [Benchmark(Baseline = true)]
    public int Stj()
    {
        _buffer.ResetWrittenCount();
        _stjWriter.Reset(_buffer);
        JsonSerializer.Serialize(_stjWriter, _payload.Model, _payload.TypeInfo);
        return _buffer.WrittenCount;
    }

    /// <summary>STJ source-gen, relaxed encoder.</summary>
    [Benchmark]
    public int Stj_RelaxedEscaping()
    {
        _buffer.ResetWrittenCount();
        _stjRelaxedWriter.Reset(_buffer);
        JsonSerializer.Serialize(_stjRelaxedWriter, _payload.Model, _payload.TypeInfo);
        return _buffer.WrittenCount;
    }

    /// <summary>Jsonable <c>ToJsonUtf8(writer, false)</c>: plain JSON.</summary>
    [Benchmark]
    public int Jsonable_Json()
    {
        _buffer.ResetWrittenCount();
        WriteJsonable(_payload.Model, _buffer, false);
        return _buffer.WrittenCount;
    }

    /// <summary>Jsonable <c>ToJsonUtf8(writer, true)</c>: JMC1.</summary>
    [Benchmark]
    public int Jsonable_Jmc1()
    {
        _buffer.ResetWrittenCount();
        WriteJsonable(_payload.Model, _buffer, true);
        return _buffer.WrittenCount;
    }

    /// <summary>
    /// Jsonable's asynchronous document writer (<c>JsonableTypeInfo.WriteDocumentAsync</c>, what servers and clients call)
    /// with the server's default 32 KB flush threshold and a flush that completes at once: what the pieces, the batches
    /// and the threshold checks cost over <see cref="Jsonable_Json"/>.
    /// </summary>
    [Benchmark]
    public int Jsonable_Json_Async()
    {
        _buffer.ResetWrittenCount();
        JsonableTypeInfo info = JsonableRegistry.GetTypeInfo<T>()!;
        System.Threading.Tasks.ValueTask write = info.WriteDocumentAsync(_buffer, _payload.Model, JsonableFormat.Json, null, static _ => default, 32 * 1024, default);
        write.GetAwaiter().GetResult(); // completes synchronously: the flush does
        return _buffer.WrittenCount;
    }

    /// <summary>MessagePack-CSharp, contractless (string keys).</summary>
    [Benchmark]
    public int MessagePack()
    {
        _buffer.ResetWrittenCount();
        MessagePackSerializer.Serialize(_buffer, _payload.Model, Payloads.MessagePackOptions);
        return _buffer.WrittenCount;
    }

    /// <summary>MemoryPack, the model's copy (binary, no names).</summary>
    [Benchmark]
    public int MemoryPack()
    {
        _buffer.ResetWrittenCount();
        WriteMemoryPack(_payload.MemoryPackModel, _buffer);
        return _buffer.WrittenCount;
    }

    private void AssertSameBytes(string what, byte[] expected)
    {
        if (!_buffer.WrittenSpan.SequenceEqual(expected))
        {
            throw new InvalidOperationException($"{what}: writing {_payload.FileName} into a reused buffer gave other bytes than a fresh write.");
        }
    }
}
