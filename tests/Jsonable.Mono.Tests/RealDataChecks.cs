using System;
using System.Buffers;
using System.Text.Json;
using Jsonable.Samples.RealData;
using Jsonable.Metadata;

namespace Jsonable.Mono.Tests
{
    /// <summary>twitter.json and citm_catalog.json, whole, in both formats: against STJ as data, and JMC1 against JSON byte for byte.</summary>
    internal static class RealDataChecks
    {
        public static void Run(Runner runner)
        {
            byte[] twitter = JsonData.Read("twitter.json");
            byte[] citm = JsonData.Read("citm_catalog.json");

            runner.Check("twitter: JSON written by Jsonable equals STJ's as data", () =>
                AssertLikeStj(TwitterRoot.CreateFromJson(twitter), JsonSerializer.Deserialize<TwitterRoot>(twitter)!, "twitter"));
            runner.Check("citm: JSON written by Jsonable equals STJ's as data", () =>
                AssertLikeStj(CitmCatalog.CreateFromJson(citm), JsonSerializer.Deserialize<CitmCatalog>(citm)!, "citm"));

            runner.Check("twitter: JMC1 round trip, comments stripped = JSON", () =>
                RoundTrip(runner, "twitter", TwitterRoot.CreateFromJson(twitter), bytes => TwitterRoot.CreateFromJsonable(bytes), root => root.ToJsonable().ToArray(), Json));
            runner.Check("citm: JMC1 round trip, comments stripped = JSON", () =>
                RoundTrip(runner, "citm", CitmCatalog.CreateFromJson(citm), bytes => CitmCatalog.CreateFromJsonable(bytes), root => root.ToJsonable().ToArray(), Json));

            runner.Check("twitter: the registry (JsonableSerializer by type) writes and reads what the generated methods do", () =>
            {
                TwitterRoot root = TwitterRoot.CreateFromJson(twitter);
                byte[] json = Json(root);
                Assert.SameBytes(json, JsonableSerializer.SerializeToUtf8Bytes(root, JsonableFormat.Json), "Serialize<T>");
                Assert.SameBytes(json, JsonableSerializer.SerializeToUtf8Bytes(root, typeof(TwitterRoot), JsonableFormat.Json), "Serialize(Type)");
                byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(root, JsonableFormat.Jmc1);
                Assert.SameBytes(json, Json(JsonableSerializer.Deserialize<TwitterRoot>(jmc1, JsonableFormat.Jmc1)!), "Deserialize<T> of JMC1");
            });
        }

        private static byte[] Json<T>(T value)
            where T : IJsonableWritable<T>
        {
            var output = new Output();
            var writer = new JsonableWriter(output, emitMetadataComments: false);
            JsonableCodec.Write(ref writer, value);
            writer.Flush();
            return output.WrittenSpan.ToArray();
        }

        private static void AssertLikeStj<T>(T jsonable, T stj, string what)
            where T : IJsonableWritable<T>
        {
            byte[] expected = JsonSerializer.SerializeToUtf8Bytes(stj);
            JsonData.AssertSameData(expected, Json(jsonable), what + " (read and written by Jsonable)");
            JsonData.AssertSameData(expected, JsonSerializer.SerializeToUtf8Bytes(jsonable), what + " (read by Jsonable, written by STJ)");
        }

        private static void RoundTrip<T>(Runner runner, string name, T value, Func<byte[], T> fromJmc1, Func<T, byte[]> toJmc1, Func<T, byte[]> toJson)
        {
            byte[] json = toJson(value);
            byte[] jmc1 = toJmc1(value);
            runner.Record(name + ".json", json);
            runner.Record(name + ".jmc1", jmc1);
            Assert.SameBytes(json, JsonData.StripComments(jmc1), "JMC1 without its comments");
            T back = fromJmc1(jmc1);
            Assert.SameBytes(json, toJson(back), "JSON of the value read back from JMC1");
            Assert.SameBytes(jmc1, toJmc1(back), "JMC1 of the value read back from JMC1");
        }
    }
}
