using System;
using System.Buffers;
using BenchmarkDotNet.Attributes;
using Jsonable.Benchmarks.MemoryPackModels;
using Jsonable.Samples.RealData;
using MemoryPack;

namespace Jsonable.Benchmarks;

/// <summary>A benchmark class the quick harness can run: <see cref="Setup"/> loads its inputs and checks every method's output once.</summary>
public interface IScenario
{
    /// <summary>Loads the inputs and runs every benchmark once, throwing if any output is not the original data.</summary>
    void Setup();
}

/// <summary>A read scenario: the quick harness prints its target ratios (the reads of docs/performance.md).</summary>
public interface IReadScenario : IScenario
{
}

/// <summary>twitter.json → <see cref="TwitterRoot"/>.</summary>
[BenchmarkCategory("Read", "Twitter")]
public class TwitterReadBenchmarks : ReadBenchmarks<TwitterRoot>
{
    /// <inheritdoc/>
    protected override Payload<TwitterRoot> LoadPayload() => Payloads.Twitter;

    /// <inheritdoc/>
    protected override TwitterRoot ReadJsonable(ReadOnlySpan<byte> utf8Json) => TwitterRoot.CreateFromJson(utf8Json);

    /// <inheritdoc/>
    protected override TwitterRoot ReadJmc1(ReadOnlySpan<byte> jmc1) => TwitterRoot.CreateFromJsonable(jmc1);

    /// <inheritdoc/>
    protected override object ReadMemoryPack(ReadOnlySpan<byte> memoryPack) => MemoryPackSerializer.Deserialize<MpTwitterRoot>(memoryPack)!;
}

/// <summary>citm_catalog.json → <see cref="CitmCatalog"/>.</summary>
[BenchmarkCategory("Read", "Citm")]
public class CitmReadBenchmarks : ReadBenchmarks<CitmCatalog>
{
    /// <inheritdoc/>
    protected override Payload<CitmCatalog> LoadPayload() => Payloads.Citm;

    /// <inheritdoc/>
    protected override CitmCatalog ReadJsonable(ReadOnlySpan<byte> utf8Json) => CitmCatalog.CreateFromJson(utf8Json);

    /// <inheritdoc/>
    protected override CitmCatalog ReadJmc1(ReadOnlySpan<byte> jmc1) => CitmCatalog.CreateFromJsonable(jmc1);

    /// <inheritdoc/>
    protected override object ReadMemoryPack(ReadOnlySpan<byte> memoryPack) => MemoryPackSerializer.Deserialize<MpCitmCatalog>(memoryPack)!;
}

/// <summary><see cref="TwitterRoot"/> → bytes.</summary>
[BenchmarkCategory("Write", "Twitter")]
public class TwitterWriteBenchmarks : WriteBenchmarks<TwitterRoot>
{
    /// <inheritdoc/>
    protected override Payload<TwitterRoot> LoadPayload() => Payloads.Twitter;

    /// <inheritdoc/>
    protected override void WriteJsonable(TwitterRoot value, ArrayBufferWriter<byte> writer, bool emitMetadataComments)
        => value.ToJsonUtf8(writer, emitMetadataComments);

    /// <inheritdoc/>
    protected override void WriteMemoryPack(object memoryPackModel, ArrayBufferWriter<byte> writer)
        => MemoryPackSerializer.Serialize(writer, (MpTwitterRoot)memoryPackModel);
}

/// <summary><see cref="CitmCatalog"/> → bytes.</summary>
[BenchmarkCategory("Write", "Citm")]
public class CitmWriteBenchmarks : WriteBenchmarks<CitmCatalog>
{
    /// <inheritdoc/>
    protected override Payload<CitmCatalog> LoadPayload() => Payloads.Citm;

    /// <inheritdoc/>
    protected override void WriteJsonable(CitmCatalog value, ArrayBufferWriter<byte> writer, bool emitMetadataComments)
        => value.ToJsonUtf8(writer, emitMetadataComments);

    /// <inheritdoc/>
    protected override void WriteMemoryPack(object memoryPackModel, ArrayBufferWriter<byte> writer)
        => MemoryPackSerializer.Serialize(writer, (MpCitmCatalog)memoryPackModel);
}
