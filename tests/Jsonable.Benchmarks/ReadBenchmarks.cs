using System;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using MessagePack;

namespace Jsonable.Benchmarks;

/// <summary>
/// Reads one payload into its model with every serializer. The STJ source-generated context reading compact JSON (what
/// clients send) is the baseline; the <c>CompactJson</c> rows read Jsonable's compact JSON (the JMC1 bytes without
/// their comments), which isolates what the comments buy from what dropping the indentation buys; the rows without it
/// read the file as shipped (indented). MemoryPack reads the same data from its binary form: the floor.
/// </summary>
/// <typeparam name="T">The root model type.</typeparam>
[MemoryDiagnoser]
public abstract class ReadBenchmarks<T> : IReadScenario
    where T : class
{
    private Payload<T> _payload = null!;

    /// <summary>The payload this scenario reads.</summary>
    protected abstract Payload<T> LoadPayload();

    /// <summary>The generated <c>T.CreateFromJson</c>.</summary>
    /// <param name="utf8Json">Plain JSON.</param>
    protected abstract T ReadJsonable(ReadOnlySpan<byte> utf8Json);

    /// <summary>The generated <c>T.CreateFromJsonable</c>.</summary>
    /// <param name="jmc1">JMC1.</param>
    protected abstract T ReadJmc1(ReadOnlySpan<byte> jmc1);

    /// <summary><c>MemoryPackSerializer.Deserialize</c> into the model's MemoryPack copy.</summary>
    /// <param name="memoryPack">MemoryPack bytes.</param>
    protected abstract object ReadMemoryPack(ReadOnlySpan<byte> memoryPack);

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        _payload = LoadPayload();
        _payload.AssertSameData(nameof(Stj), Stj());
        _payload.AssertSameData(nameof(Stj_CompactJson), Stj_CompactJson());
        _payload.AssertSameData(nameof(Jsonable_Json), Jsonable_Json());
        _payload.AssertSameData(nameof(Jsonable_CompactJson), Jsonable_CompactJson());
        _payload.AssertSameData(nameof(Jsonable_Jmc1), Jsonable_Jmc1());
        _payload.AssertSameData(nameof(MessagePack), MessagePack());
        _payload.AssertSameMemoryPackData(nameof(MemoryPack), MemoryPack());
    }

    /// <summary>STJ source-gen, file as shipped.</summary>
    [Benchmark]
    public T Stj() => JsonSerializer.Deserialize(_payload.OriginalJson, _payload.TypeInfo)!;

    /// <summary>STJ source-gen, compact JSON (what clients send): the baseline.</summary>
    [Benchmark(Baseline = true)]
    public T Stj_CompactJson() => JsonSerializer.Deserialize(_payload.JsonableJson, _payload.TypeInfo)!;

    /// <summary>Jsonable <c>CreateFromJson</c>, file as shipped.</summary>
    [Benchmark]
    public T Jsonable_Json() => ReadJsonable(_payload.OriginalJson);

    /// <summary>Jsonable <c>CreateFromJson</c>, compact JSON.</summary>
    [Benchmark]
    public T Jsonable_CompactJson() => ReadJsonable(_payload.JsonableJson);

    /// <summary>Jsonable <c>CreateFromJsonable</c>, JMC1.</summary>
    [Benchmark]
    public T Jsonable_Jmc1() => ReadJmc1(_payload.Jmc1);

    /// <summary>MessagePack-CSharp, contractless (string keys).</summary>
    [Benchmark]
    public T MessagePack() => MessagePackSerializer.Deserialize<T>(_payload.MessagePack, Payloads.MessagePackOptions);

    /// <summary>MemoryPack (binary, no names, no parsing): the floor, what materializing the objects costs at all.</summary>
    [Benchmark]
    public object MemoryPack() => ReadMemoryPack(_payload.MemoryPack);
}
