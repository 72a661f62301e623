using System;
using System.Collections.Generic;
using System.Text;
using System.Text.Json.Serialization;
using Jsonable.Metadata;

namespace Jsonable.Mono.Tests
{
    /// <summary>
    /// Enums in the netstandard2.0 shape: numbers by default, names where the options carry JsonableEnumNames (what a
    /// global JsonStringEnumConverter asks for on ASP.NET Core), read back from names, numbers and flags combinations.
    /// </summary>
    internal static class EnumChecks
    {
        private static readonly JsonableEnumNames s_camel = new JsonableEnumNames(name => char.ToLowerInvariant(name[0]) + name.Substring(1));

        public static void Run(Runner runner)
        {
            runner.Check("enums: numbers without enum names", () =>
            {
                byte[] json = JsonableSerializer.SerializeToUtf8Bytes(Create());
                Assert.SameBytes(Encoding.UTF8.GetBytes("{\"shade\":2,\"maybe\":null,\"rights\":5,\"history\":[0,1],\"byShade\":{\"Light\":1}}"), json, "enums as numbers");
            });

            runner.Check("enums: names (camelCase) with enum names, flags as STJ writes them", () =>
            {
                byte[] json = JsonableSerializer.SerializeToUtf8Bytes(Create(), JsonableFormat.Json, new JsonableWriterOptions { EnumNames = s_camel });
                Assert.SameBytes(Encoding.UTF8.GetBytes("{\"shade\":\"dark\",\"maybe\":null,\"rights\":\"read, delete\",\"history\":[\"light\",\"medium\"],\"byShade\":{\"light\":1}}"), json, "enums as names");
            });

            runner.Check("enums: names read ignoring case, integers and flags combinations", () =>
            {
                byte[] json = Encoding.UTF8.GetBytes("{\"shade\":\"DARK\",\"maybe\":\"1\",\"rights\":\"read,Delete\",\"history\":[2,\"Light\"],\"byShade\":{\"MEDIUM\":3}}");
                EnumModel back = JsonableSerializer.Deserialize<EnumModel>(json, JsonableFormat.Json, new JsonableReaderOptions { EnumNames = s_camel })!;
                Assert.Equal(MonoShade.Dark, back.Shade, "shade");
                Assert.Equal((MonoShade?)MonoShade.Medium, back.Maybe, "maybe");
                Assert.Equal(MonoRights.Read | MonoRights.Delete, back.Rights, "rights");
                Assert.Equal("Dark,Light", string.Join(",", back.History), "history");
                Assert.Equal(3, back.ByShade[MonoShade.Medium], "byShade");
            });

            runner.Check("enums: names by a member's JsonStringEnumConverter, as STJ orders and matches them", () =>
            {
                var model = new AttributeEnumModel
                {
                    Access = MonoAccess.Read | MonoAccess.Write | MonoAccess.Delete,
                    ByAccess = new Dictionary<MonoRights, int> { [MonoRights.Read | MonoRights.Delete] = 1 },
                };
                byte[] json = JsonableSerializer.SerializeToUtf8Bytes(model);
                Assert.SameBytes(Encoding.UTF8.GetBytes("{\"access\":\"ReadWrite, del\",\"byAccess\":{\"Read, Delete\":1}}"), json, "composite first, custom name, flags key");
                byte[] input = Encoding.UTF8.GetBytes("{\"access\":\"readwrite , del\",\"byAccess\":{\"write, READ\":2}}");
                AttributeEnumModel back = JsonableSerializer.Deserialize<AttributeEnumModel>(input)!;
                Assert.Equal(MonoAccess.ReadWrite | MonoAccess.Delete, back.Access, "access");
                Assert.Equal(2, back.ByAccess[MonoRights.Read | MonoRights.Write], "byAccess");
                bool refused = false;
                try
                {
                    JsonableSerializer.Deserialize<AttributeEnumModel>(Encoding.UTF8.GetBytes("{\"access\":\"DEL\"}"));
                }
                catch (JsonableException)
                {
                    refused = true;
                }

                Assert.Equal(true, refused, "a [JsonStringEnumMemberName] is read exactly");
            });
        }

        private static EnumModel Create() => new EnumModel
        {
            Shade = MonoShade.Dark,
            Rights = MonoRights.Read | MonoRights.Delete,
            History = new List<MonoShade> { MonoShade.Light, MonoShade.Medium },
            ByShade = new Dictionary<MonoShade, int> { [MonoShade.Light] = 1 },
        };
    }

    [ToJson, FromJson]
    public partial class EnumModel
    {
        public MonoShade Shade { get; set; }

        public MonoShade? Maybe { get; set; }

        public MonoRights Rights { get; set; }

        public List<MonoShade> History { get; set; } = new List<MonoShade>();

        public Dictionary<MonoShade, int> ByShade { get; set; } = new Dictionary<MonoShade, int>();
    }

    [ToJson, FromJson]
    public partial class AttributeEnumModel
    {
        [JsonConverter(typeof(JsonStringEnumConverter))]
        public MonoAccess Access { get; set; }

        public Dictionary<MonoRights, int> ByAccess { get; set; } = new Dictionary<MonoRights, int>();
    }

    [Flags]
    public enum MonoAccess
    {
        Read = 1,
        Write = 2,
        ReadWrite = 3,
        [JsonStringEnumMemberName("del")]
        Delete = 4,
    }

    public enum MonoShade
    {
        Light,
        Medium,
        Dark,
    }

    [Flags]
    public enum MonoRights
    {
        None = 0,
        Read = 1,
        Write = 2,
        Delete = 4,
    }
}
