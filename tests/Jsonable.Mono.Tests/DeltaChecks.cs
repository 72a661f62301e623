using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using Jsonable.Samples.RealData;
using Jsonable.Metadata;

namespace Jsonable.Mono.Tests
{
    /// <summary>Partial writers and generated deltas (merge patches) on the netstandard2.0 build, where they go through JsonableStatics.</summary>
    internal static class DeltaChecks
    {
        public static void Run(Runner runner)
        {
            runner.Check("partial writer: ToJsonUtf8_Position writes only that member", () =>
            {
                var output = new Output();
                Create().ToJsonUtf8_Position(output, emitMetadataComments: false);
                Assert.SameBytes(Encoding.ASCII.GetBytes("{\"position\":[1,2,3]}"), output.WrittenSpan, "partial document");
            });

            runner.Check("delta: the merge patch between two values holds what changed, and merging it gives the newer value", () =>
            {
                Transform previous = Create();
                Transform current = Create();
                current.Position = new[] { 1f, 2f, 3.5f };
                current.Payload!.Dimensions!.Height = 0.25;
                current.Tags = null;
                current.Counters!.Remove("b");
                current.Counters["c"] = 3;

                var output = new Output();
                Assert.True(Transform.WriteMergePatch(previous, current, output, emitMetadataComments: false), "the values differ");
                byte[] patch = output.WrittenSpan.ToArray();
                runner.Record("delta.json", patch);
                Assert.SameBytes(
                    Encoding.ASCII.GetBytes("{\"position\":[1,2,3.5],\"payload\":{\"dimensions\":{\"height\":0.25}},\"tags\":null,\"counters\":{\"c\":3,\"b\":null}}"),
                    patch,
                    "merge patch");

                Assert.True(!JsonableDelta.AreEqual(previous, current), "AreEqual before the merge");
                previous.MergeFromJson(patch);
                Assert.True(JsonableDelta.AreEqual(previous, current), "AreEqual after the merge");
                Assert.SameBytes(Encoding.UTF8.GetBytes(current.ToJson()), Encoding.UTF8.GetBytes(previous.ToJson()), "merged value");
            });

            runner.Check("delta: equal values give {} in JSON and in JMC1", () =>
            {
                var json = new Output();
                Assert.True(!Transform.WriteMergePatch(Create(), Create(), json, emitMetadataComments: false), "no change");
                Assert.SameBytes(Encoding.ASCII.GetBytes("{}"), json.WrittenSpan, "empty patch");
                var jmc1 = new Output();
                Transform.WriteMergePatch(Create(), Create(), jmc1);
                Assert.SameBytes(Encoding.ASCII.GetBytes("/*JMC1*/{}"), jmc1.WrittenSpan, "empty JMC1 patch");
            });

            runner.Check("merge: a JMC1 patch of one member changes only that member", () =>
            {
                Transform target = Create();
                var patch = new Output();
                new Transform { Rotation = new[] { 0f, 0f, 0f, 1f } }.ToJsonUtf8_Rotation(patch);
                JsonableMemberSet changed = target.MergeFromJsonable(patch.WrittenSpan);
                Assert.Equal(1, changed.Count, "members changed");
                Assert.Equal("0,0,0,1", string.Join(",", target.Rotation!), "rotation");
                Assert.Equal("1,2,3", string.Join(",", target.Position!), "position untouched");
            });
        }

        private static Transform Create() => new()
        {
            Id = 7,
            Name = "crate",
            Position = new[] { 1f, 2f, 3f },
            Rotation = new[] { 0f, 0.7071f, 0f, 0.7071f },
            Payload = new TransformPayload { Kind = "box", Mass = 12, Dimensions = new TransformDimensions { Width = 1, Height = 0.5, Depth = 2 } },
            Tags = new List<string> { "wood" },
            Counters = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 },
        };
    }
}
