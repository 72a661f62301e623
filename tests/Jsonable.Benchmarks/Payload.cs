using System;
using System.Buffers;
using System.IO;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Benchmarks.MemoryPackModels;
using Jsonable.Samples.RealData;
using MemoryPack;
using MessagePack;

namespace Jsonable.Benchmarks;

/// <summary>One real-data document in every format the benchmarks read, plus the model they write.</summary>
/// <typeparam name="T">The root model type.</typeparam>
public sealed class Payload<T>
    where T : class
{
    internal Payload(string fileName, JsonTypeInfo<T> typeInfo, JsonTypeInfo memoryPackTypeInfo, Func<T, byte[]> writeJsonableJson, Func<T, byte[]> writeJmc1, Func<byte[], T> readJmc1)
    {
        FileName = fileName;
        TypeInfo = typeInfo;
        OriginalJson = File.ReadAllBytes(Payloads.DataPath(fileName));
        Model = JsonSerializer.Deserialize(OriginalJson, typeInfo)
            ?? throw new InvalidOperationException($"{fileName} deserialized to null.");
        StjJson = JsonSerializer.SerializeToUtf8Bytes(Model, typeInfo);
        JsonableJson = writeJsonableJson(Model);
        Jmc1 = writeJmc1(Model);
        MessagePack = MessagePackSerializer.Serialize(Model, Payloads.MessagePackOptions);
        _memoryPackTypeInfo = memoryPackTypeInfo;
        MemoryPackModel = JsonSerializer.Deserialize(StjJson, memoryPackTypeInfo)
            ?? throw new InvalidOperationException($"{fileName}: the MemoryPack copy deserialized to null.");
        MemoryPack = MemoryPackSerializer.Serialize(memoryPackTypeInfo.Type, MemoryPackModel);

        // Every scenario, run alone too, starts from inputs that hold the original data.
        if (!Jmc1.AsSpan().StartsWith("/*JMC1*/{"u8))
        {
            throw new InvalidOperationException($"{fileName}: Jsonable's JMC1 does not start with the /*JMC1*/ header.");
        }

        AssertSameData("JMC1 written by Jsonable, read back by Jsonable", readJmc1(Jmc1));
        AssertSameData("JSON written by Jsonable, read by STJ", JsonSerializer.Deserialize(JsonableJson, typeInfo));
        AssertSameData("MessagePack round-trip", MessagePackSerializer.Deserialize<T>(MessagePack, Payloads.MessagePackOptions));
        AssertSameMemoryPackData("MemoryPack copy of the model", MemoryPackModel);
        AssertSameMemoryPackData("MemoryPack round-trip", MemoryPackSerializer.Deserialize(memoryPackTypeInfo.Type, MemoryPack));
    }

    private readonly JsonTypeInfo _memoryPackTypeInfo;

    /// <summary>The data file name (under data/).</summary>
    public string FileName { get; }

    /// <summary>The STJ source-generated metadata for <typeparamref name="T"/>.</summary>
    public JsonTypeInfo<T> TypeInfo { get; }

    /// <summary>The file as shipped (indented JSON).</summary>
    public byte[] OriginalJson { get; }

    /// <summary>The model, read from the file by STJ.</summary>
    public T Model { get; }

    /// <summary>STJ's compact output for the model: the reference every round-trip is compared with.</summary>
    public byte[] StjJson { get; }

    /// <summary>Jsonable's compact plain JSON for the model.</summary>
    public byte[] JsonableJson { get; }

    /// <summary>Jsonable's JMC1 for the model.</summary>
    public byte[] Jmc1 { get; }

    /// <summary>MessagePack (contractless, string keys) for the model.</summary>
    public byte[] MessagePack { get; }

    /// <summary>
    /// The model copied into its benchmark-local MemoryPack type (see <c>MemoryPackModels.cs</c>), which holds the
    /// same data: MemoryPack reads and writes these objects.
    /// </summary>
    public object MemoryPackModel { get; }

    /// <summary>MemoryPack's bytes for <see cref="MemoryPackModel"/>.</summary>
    public byte[] MemoryPack { get; }

    /// <summary>Throws unless <paramref name="value"/>, a MemoryPack copy, holds the same data as <see cref="Model"/> (compared via STJ's output).</summary>
    /// <param name="what">What produced the value, for the message.</param>
    /// <param name="value">The value to check.</param>
    public void AssertSameMemoryPackData(string what, object? value)
    {
        if (value is null)
        {
            throw new InvalidOperationException($"{what}: {FileName} gave null.");
        }

        AssertSameStjBytes(what, JsonSerializer.SerializeToUtf8Bytes(value, _memoryPackTypeInfo));
    }

    /// <summary>Throws unless <paramref name="value"/> holds the same data as <see cref="Model"/> (compared via STJ's output).</summary>
    /// <param name="what">What produced the value, for the message.</param>
    /// <param name="value">The value to check.</param>
    public void AssertSameData(string what, T? value)
    {
        if (value is null)
        {
            throw new InvalidOperationException($"{what}: {FileName} gave null.");
        }

        AssertSameStjBytes(what, JsonSerializer.SerializeToUtf8Bytes(value, TypeInfo));
    }

    private void AssertSameStjBytes(string what, byte[] actual)
    {
        if (!actual.AsSpan().SequenceEqual(StjJson))
        {
            int at = actual.AsSpan().CommonPrefixLength(StjJson);
            throw new InvalidOperationException(
                $"{what}: {FileName} round-trip differs from the original data at byte {at} of STJ's output " +
                $"({actual.Length} vs {StjJson.Length} bytes).");
        }
    }
}

/// <summary>The payloads every benchmark uses, loaded once per process.</summary>
public static class Payloads
{
    private static Payload<TwitterRoot>? s_twitter;
    private static Payload<CitmCatalog>? s_citm;

    /// <summary>MessagePack with string keys (property names), no attributes on the models.</summary>
    public static MessagePackSerializerOptions MessagePackOptions { get; } =
        MessagePackSerializerOptions.Standard.WithResolver(MessagePack.Resolvers.ContractlessStandardResolver.Instance);

    /// <summary>twitter.json (100 statuses).</summary>
    public static Payload<TwitterRoot> Twitter => s_twitter ??= new Payload<TwitterRoot>(
        "twitter.json",
        RealDataJsonContext.Default.TwitterRoot,
        MemoryPackModelsJsonContext.Default.MpTwitterRoot,
        static m => WriteJsonable(m, static (v, w) => v.ToJsonUtf8(w, false)),
        static m => m.ToJsonable().ToArray(),
        static b => TwitterRoot.CreateFromJsonable(b));

    /// <summary>citm_catalog.json.</summary>
    public static Payload<CitmCatalog> Citm => s_citm ??= new Payload<CitmCatalog>(
        "citm_catalog.json",
        RealDataJsonContext.Default.CitmCatalog,
        MemoryPackModelsJsonContext.Default.MpCitmCatalog,
        static m => WriteJsonable(m, static (v, w) => v.ToJsonUtf8(w, false)),
        static m => m.ToJsonable().ToArray(),
        static b => CitmCatalog.CreateFromJsonable(b));

    /// <summary>The path of a data file copied next to the executable (or found above it).</summary>
    /// <param name="fileName">The file name.</param>
    public static string DataPath(string fileName)
    {
        // BenchmarkDotNet runs a generated copy of this assembly from its own bin folder: look upwards too.
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "data", fileName);
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new FileNotFoundException($"data/{fileName} not found next to or above {AppContext.BaseDirectory}.");
    }

    private static byte[] WriteJsonable<T>(T value, Action<T, ArrayBufferWriter<byte>> write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        write(value, buffer);
        return buffer.WrittenSpan.ToArray();
    }
}
