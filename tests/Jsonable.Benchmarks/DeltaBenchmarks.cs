using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Jsonable.Samples.RealData;
using MessagePack;
using Jsonable.Metadata;

namespace Jsonable.Benchmarks;

/// <summary>A scenario that also reports the size of each method's output (the quick harness prints them after the timings).</summary>
public interface ISizedScenario : IScenario
{
    /// <summary>A Markdown row: the scenario, then the bytes each method writes.</summary>
    string SizeRow { get; }
}

/// <summary>
/// Sending a change: the generated delta (<c>WriteMergePatch</c>, the RFC 7396 merge patch from the stored value to the
/// changed one) against a PUT of the whole changed value, in JSON and JMC1, and against the whole value in MessagePack
/// (contractless, string keys). Each writes into a reused buffer. The baseline is the whole value as JSON.
/// </summary>
/// <typeparam name="T">The resource's type.</typeparam>
[MemoryDiagnoser]
public abstract class DeltaBenchmarks<T> : ISizedScenario
    where T : class, IJsonableMergePatchWritable<T>
{
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private T _previous = null!;
    private T _current = null!;

    /// <inheritdoc/>
    public string SizeRow { get; private set; } = "";

    /// <summary>The stored value and the changed one (a copy of it with the change made).</summary>
    protected abstract (T Previous, T Current) Load();

    /// <summary>Applies a patch with the generated merge.</summary>
    protected abstract void Merge(T target, ReadOnlySpan<byte> patch, bool jmc1);

    /// <inheritdoc/>
    [GlobalSetup]
    public void Setup()
    {
        (_previous, _current) = Load();
        string json(Func<object> write)
        {
            write();
            return System.Text.Encoding.UTF8.GetString(_buffer.WrittenSpan);
        }

        // Check once that applying each delta to the stored value gives the changed one.
        foreach (bool jmc1 in new[] { false, true })
        {
            T target = Copy(_previous);
            json(jmc1 ? Delta_Jmc1 : Delta_Json);
            Merge(target, _buffer.WrittenSpan, jmc1);
            if (json(() => Put(target, jmc1: false)) != json(Put_Json))
            {
                throw new InvalidOperationException($"The {(jmc1 ? "JMC1" : "JSON")} delta applied to the stored value did not give the changed one.");
            }
        }

        var sizes = new List<int>();
        foreach (Func<object> method in new Func<object>[] { Put_Json, Put_Jmc1, Delta_Json, Delta_Jmc1, MessagePack })
        {
            sizes.Add((int)method());
        }

        SizeRow = $"| {GetType().Name.Replace("Benchmarks", "", StringComparison.Ordinal)} | "
            + string.Join(" | ", sizes.Select(s => s.ToString("N0", CultureInfo.InvariantCulture)))
            + $" | {(double)sizes[2] / sizes[0]:0.000} | {(double)sizes[3] / sizes[1]:0.000} |";
    }

    /// <summary>A PUT body: the whole changed value, JSON.</summary>
    [Benchmark(Baseline = true)]
    public object Put_Json() => Put(_current, jmc1: false);

    /// <summary>A PUT body: the whole changed value, JMC1.</summary>
    [Benchmark]
    public object Put_Jmc1() => Put(_current, jmc1: true);

    /// <summary>A PATCH body: the delta, merge-patch JSON.</summary>
    [Benchmark]
    public object Delta_Json()
    {
        _buffer.ResetWrittenCount();
        JsonableDelta.WriteMergePatch(_buffer, _previous, _current, JsonableFormat.Json);
        return _buffer.WrittenCount;
    }

    /// <summary>A PATCH body: the delta, JMC1.</summary>
    [Benchmark]
    public object Delta_Jmc1()
    {
        _buffer.ResetWrittenCount();
        JsonableDelta.WriteMergePatch(_buffer, _previous, _current, JsonableFormat.Jmc1);
        return _buffer.WrittenCount;
    }

    /// <summary>The whole changed value in MessagePack (a binary format has no standard partial update).</summary>
    [Benchmark]
    public object MessagePack()
    {
        _buffer.ResetWrittenCount();
        MessagePackSerializer.Serialize(_buffer, _current, Payloads.MessagePackOptions);
        return _buffer.WrittenCount;
    }

    /// <summary>A deep copy through the generated writer and reader.</summary>
    protected static T Copy(T value) => JsonableSerializer.Deserialize<T>(JsonableSerializer.SerializeToUtf8Bytes(value))!;

    private int Put(T value, bool jmc1)
    {
        _buffer.ResetWrittenCount();
        var writer = new JsonableWriter(_buffer, jmc1);
        JsonableCodec.Write(ref writer, value);
        writer.Flush();
        return _buffer.WrittenCount;
    }
}

/// <summary>One member of a twitter status changed (its retweet count).</summary>
[BenchmarkCategory("Delta", "Twitter")]
public class DeltaTwitterOneMemberBenchmarks : DeltaBenchmarks<Status>
{
    /// <inheritdoc/>
    protected override void Merge(Status target, ReadOnlySpan<byte> patch, bool jmc1) => _ = jmc1 ? target.MergeFromJsonable(patch) : target.MergeFromJson(patch);

    /// <inheritdoc/>
    protected override (Status Previous, Status Current) Load()
    {
        Status previous = Copy(Payloads.Twitter.Model.statuses![0]);
        Status current = Copy(previous);
        current.retweet_count++;
        return (previous, current);
    }
}

/// <summary>About a tenth of a twitter status's ~80 values changed: text, counts, flags, the user's counts and description, a hashtag added.</summary>
[BenchmarkCategory("Delta", "Twitter")]
public class DeltaTwitterTenthBenchmarks : DeltaBenchmarks<Status>
{
    /// <inheritdoc/>
    protected override void Merge(Status target, ReadOnlySpan<byte> patch, bool jmc1) => _ = jmc1 ? target.MergeFromJsonable(patch) : target.MergeFromJson(patch);

    /// <inheritdoc/>
    protected override (Status Previous, Status Current) Load()
    {
        Status previous = Copy(Payloads.Twitter.Model.statuses!.First(s => s.user is not null && s.entities?.hashtags is not null));
        Status current = Copy(previous);
        current.text += " (edited)";
        current.retweet_count++;
        current.favorite_count += 2;
        current.favorited = !current.favorited;
        current.user!.followers_count++;
        current.user.statuses_count++;
        current.user.description = "a new description";
        current.entities!.hashtags!.Add(new Hashtag { text = "delta", indices = [0, 6] });
        return (previous, current);
    }
}

/// <summary>One member of a citm event changed (its name).</summary>
[BenchmarkCategory("Delta", "Citm")]
public class DeltaCitmOneMemberBenchmarks : DeltaBenchmarks<CitmEvent>
{
    /// <inheritdoc/>
    protected override void Merge(CitmEvent target, ReadOnlySpan<byte> patch, bool jmc1) => _ = jmc1 ? target.MergeFromJsonable(patch) : target.MergeFromJson(patch);

    /// <inheritdoc/>
    protected override (CitmEvent Previous, CitmEvent Current) Load()
    {
        CitmEvent previous = Copy(Payloads.Citm.Model.events!.Values.First());
        CitmEvent current = Copy(previous);
        current.name += " (moved)";
        return (previous, current);
    }
}

/// <summary>About a tenth of a citm event's values changed: its description set and a topic id added (an array, sent whole).</summary>
[BenchmarkCategory("Delta", "Citm")]
public class DeltaCitmTenthBenchmarks : DeltaBenchmarks<CitmEvent>
{
    /// <inheritdoc/>
    protected override void Merge(CitmEvent target, ReadOnlySpan<byte> patch, bool jmc1) => _ = jmc1 ? target.MergeFromJsonable(patch) : target.MergeFromJson(patch);

    /// <inheritdoc/>
    protected override (CitmEvent Previous, CitmEvent Current) Load()
    {
        CitmEvent previous = Copy(Payloads.Citm.Model.events!.Values.First());
        CitmEvent current = Copy(previous);
        current.description = "A new description";
        current.topicIds = [.. current.topicIds, 107_888_604];
        return (previous, current);
    }
}
