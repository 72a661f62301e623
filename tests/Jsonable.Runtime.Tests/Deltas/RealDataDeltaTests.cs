#nullable enable
using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>
/// Generated deltas (<c>WriteMergePatch</c>) over the real data: for random changes to twitter statuses and citm events,
/// the generated merge applies the delta to the previous value and gets the current one, in JSON and JMC1; the JSON
/// delta is, as data, the RFC 7396 diff of the two documents computed here independently; equal values give <c>{}</c>.
/// </summary>
public sealed class RealDataDeltaTests
{
    private static readonly JsonDocumentOptions s_jmc1AsJsonc = new() { CommentHandling = JsonCommentHandling.Skip };

    private static readonly Lazy<List<Status>> s_statuses = new(() =>
        TwitterRoot.CreateFromJson(File.ReadAllBytes(JsonData.DataPath("twitter.json"))).statuses!);

    private static readonly Lazy<List<CitmEvent>> s_events = new(() =>
        CitmCatalog.CreateFromJson(File.ReadAllBytes(JsonData.DataPath("citm_catalog.json"))).events!.Values.ToList());

    public static TheoryData<double> Shares => new() { 0.0, 0.1, 0.3 }; // 0: one member (MutateMembers takes at least one)

    [Theory]
    [MemberData(nameof(Shares))]
    public void TwitterStatuses_ApplyingTheDelta_GivesTheCurrentValue(double share)
    {
        int seed = 0, changed = 0, nested = 0;
        foreach (Status status in s_statuses.Value)
        {
            (bool differ, bool hasNested) = AssertDeltaRoundTrips(status, ++seed, share, static (target, patch, format) =>
            {
                _ = format == JsonableFormat.Json ? target.MergeFromJson(patch) : target.MergeFromJsonable(patch);
            });
            changed += differ ? 1 : 0;
            nested += hasNested ? 1 : 0;
        }

        // The mutations must change something nearly always, and reach nested objects (user, entities, place) often.
        Assert.InRange(changed, s_statuses.Value.Count * 9 / 10, s_statuses.Value.Count);
        Assert.InRange(nested, 10, s_statuses.Value.Count);
    }

    [Theory]
    [MemberData(nameof(Shares))]
    public void CitmEvents_ApplyingTheDelta_GivesTheCurrentValue(double share)
    {
        int seed = 1000, changed = 0;
        foreach (CitmEvent citmEvent in s_events.Value)
        {
            (bool differ, _) = AssertDeltaRoundTrips(citmEvent, ++seed, share, static (target, patch, format) =>
            {
                _ = format == JsonableFormat.Json ? target.MergeFromJson(patch) : target.MergeFromJsonable(patch);
            });
            changed += differ ? 1 : 0;
        }

        Assert.InRange(changed, s_events.Value.Count * 9 / 10, s_events.Value.Count);
    }

    [Theory]
    [MemberData(nameof(Shares))]
    public void Transforms_WithDictionariesAndNestedObjects_ApplyingTheDelta_GivesTheCurrentValue(double share)
    {
        var previous = new Transform
        {
            Id = 7,
            Name = "crate",
            Position = [1, 2, 3],
            Scale = [1, 1, 1],
            Payload = new TransformPayload { Kind = "crate", Mass = 10, Dimensions = new TransformDimensions { Width = 1, Height = 2, Depth = 3 } },
            Tags = ["a", "b"],
            Counters = new() { ["hits"] = 1, ["misses"] = 2, ["saves"] = 3 },
        };

        int changed = 0, removedKeys = 0;
        for (int seed = 1; seed <= 300; seed++)
        {
            (bool differ, _) = AssertDeltaRoundTrips(previous, seed, share, static (target, patch, format) =>
            {
                _ = format == JsonableFormat.Json ? target.MergeFromJson(patch) : target.MergeFromJsonable(patch);
            });
            changed += differ ? 1 : 0;
            var delta = new ArrayBufferWriter<byte>();
            Transform current = Clone(previous);
            new DeltaMutator(seed).MutateMembers(current, share);
            JsonableDelta.WriteMergePatch(delta, previous, current);
            removedKeys += Parse(delta.WrittenSpan.ToArray())["counters"] is JsonObject counters && counters.Any(c => c.Value is null) ? 1 : 0;
        }

        Assert.InRange(changed, 270, 300);
        Assert.InRange(removedKeys, 5, 300); // dictionary keys removed (written as null), not only added or changed
    }

    [Fact]
    public void EqualValues_WriteAnEmptyPatch_AndReportNoChange()
    {
        foreach (Status status in s_statuses.Value.Take(20))
        {
            Status copy = Clone(status);
            foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
            {
                var buffer = new ArrayBufferWriter<byte>();
                bool changed = Status.WriteMergePatch(status, copy, buffer, format == JsonableFormat.Jmc1);

                Assert.False(changed);
                Assert.True(JsonableDelta.AreEqual(status, copy));
                Assert.Equal("{}", Parse(buffer.WrittenSpan.ToArray()).ToJsonString());
            }
        }
    }

    [Fact]
    public void OneMemberChange_IsThatMemberAlone_WithItsNameAsTheWriterWritesIt()
    {
        Status previous = s_statuses.Value.First(s => s.in_reply_to_screen_name is not null && s.user is not null);
        Status current = Clone(previous);
        current.favorite_count = previous.favorite_count + 1;
        current.user!.followers_count++;
        current.in_reply_to_screen_name = null;

        var buffer = new ArrayBufferWriter<byte>();
        Assert.True(JsonableDelta.WriteMergePatch(buffer, previous, current));

        string expected = $$"""{"in_reply_to_screen_name":null,"user":{"followers_count":{{current.user.followers_count}}},"favorite_count":{{current.favorite_count}}}""";
        Assert.Equal(expected, System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan));
    }

    [Fact]
    public void WritingADeltaIntoAReusedBuffer_AllocatesNothing()
    {
        Status previous = s_statuses.Value.First(s => s.entities?.hashtags is { Count: > 0 } && s.user is not null);
        Status current = Clone(previous);
        current.retweet_count++;
        current.user!.description += "!";
        current.entities!.hashtags![0].text += "x";
        CitmEvent previousEvent = s_events.Value.First(e => e.subTopicIds.Length > 0);
        CitmEvent currentEvent = Clone(previousEvent);
        currentEvent.subTopicIds = [.. currentEvent.subTopicIds, 1];
        currentEvent.description = "changed";

        var buffer = new ArrayBufferWriter<byte>(64 * 1024);
        foreach (bool jmc1 in new[] { false, true })
        {
            Status.WriteMergePatch(previous, current, buffer, jmc1); // warm: JIT, statics
            CitmEvent.WriteMergePatch(previousEvent, currentEvent, buffer, jmc1);
            buffer.ResetWrittenCount();

            long before = GC.GetAllocatedBytesForCurrentThread();
            bool changed = Status.WriteMergePatch(previous, current, buffer, jmc1);
            changed &= CitmEvent.WriteMergePatch(previousEvent, currentEvent, buffer, jmc1);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.True(changed);
            Assert.Equal(0, allocated);
            buffer.ResetWrittenCount();
        }
    }

    /// <summary>The RFC 7396 diff of two documents: what a merge patch from <paramref name="source"/> to <paramref name="target"/> holds.</summary>
    internal static JsonNode? ReferenceDiff(JsonNode? source, JsonNode? target)
    {
        if (source is not JsonObject from || target is not JsonObject to)
        {
            return target?.DeepClone();
        }

        var patch = new JsonObject();
        foreach ((string name, JsonNode? value) in to)
        {
            if (!from.TryGetPropertyValue(name, out JsonNode? old))
            {
                patch[name] = value?.DeepClone();
            }
            else if (!JsonNode.DeepEquals(old, value))
            {
                patch[name] = ReferenceDiff(old, value);
            }
        }

        foreach ((string name, _) in from)
        {
            if (!to.ContainsKey(name))
            {
                patch[name] = null;
            }
        }

        return patch;
    }

    private static (bool Changed, bool Nested) AssertDeltaRoundTrips<T>(T previous, int seed, double share, Action<T, byte[], JsonableFormat> merge)
        where T : class, IJsonableMergePatchWritable<T>, IJsonableReadable<T>
    {
        T current = Clone(previous);
        new DeltaMutator(seed).MutateMembers(current, share);
        JsonNode previousJson = Parse(JsonableSerializer.SerializeToUtf8Bytes(previous));
        JsonNode currentJson = Parse(JsonableSerializer.SerializeToUtf8Bytes(current));
        bool differ = !JsonNode.DeepEquals(previousJson, currentJson);

        bool nested = false;
        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            var delta = new ArrayBufferWriter<byte>();
            bool changed = JsonableDelta.WriteMergePatch(delta, previous, current, format);
            byte[] patch = delta.WrittenSpan.ToArray();
            string context = $"seed {seed}, {format}: {System.Text.Encoding.UTF8.GetString(patch)}";
            Assert.True(differ == changed, "reported change: " + context);

            JsonNode? expected = ReferenceDiff(previousJson, currentJson);
            Assert.True(JsonNode.DeepEquals(expected, Parse(patch)), $"expected {expected!.ToJsonString()}, {context}");

            T target = Clone(previous);
            merge(target, patch, format);
            JsonNode merged = Parse(JsonableSerializer.SerializeToUtf8Bytes(target));
            Assert.True(JsonNode.DeepEquals(currentJson, merged), $"merged {merged.ToJsonString()}, {context}");
            nested |= Parse(patch).AsObject().Any(member => member.Value is JsonObject);
        }

        return (differ, nested);
    }

    private static T Clone<T>(T value) => JsonableSerializer.Deserialize<T>(JsonableSerializer.SerializeToUtf8Bytes(value))!;

    /// <summary>Parses JSON or JMC1 (JSON with comments) as data.</summary>
    private static JsonNode Parse(byte[] utf8) => JsonNode.Parse(utf8, documentOptions: s_jmc1AsJsonc)!;
}
