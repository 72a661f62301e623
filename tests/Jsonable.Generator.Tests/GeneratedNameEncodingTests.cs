using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;
using System.Text;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Emit;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Member names are encoded twice: by the generator at compile time (pre-encoded name literals) and by the runtime
/// writer at run time (dictionary keys). The bytes must be the same, escapes and JMC1 length comments included.
/// </summary>
public sealed class GeneratedNameEncodingTests
{
    /// <summary>Names needing every kind of escape, non-ASCII text, and lengths on each side of the JMC1 limits.</summary>
    private static readonly string[] Names =
    [
        "plain",
        "",
        "with \"quotes\"",
        "back\\slash",
        "C:\\new",
        "tab\there",
        "nul\u0000byte",
        "unit\u001Fseparator",
        "bell\u0007\b\f\n\r",
        "del\u007F",
        "slash/ok",
        "café",
        "名前",
        "emoji 😀",
        "line\u2028separator",
        "bidi\u202Eoverride",
        "lone \uD800 surrogate",
        new string('a', 79),   // the last length whose low length byte is ASCII
        new string('b', 80),   // the first whose low byte is not: the JMC1 name is a byte array
        new string('c', 300),
        new string('d', 11770), // the length whose comment would read */: no comment
        new string('e', 32207), // the longest length a comment can carry
        new string('f', 32208), // too long for a comment
    ];

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void PreEncodedMemberNames_AreTheBytesTheRuntimeWritesForTheSameKeys(JsonableFormat format)
    {
        Type type = Load().GetType("Sample.Names", throwOnError: true)!;
        object value = Activator.CreateInstance(type)!;
        var keys = new Dictionary<string, int>();
        for (int i = 0; i < Names.Length; i++)
        {
            type.GetProperty("P" + i.ToString(CultureInfo.InvariantCulture))!.SetValue(value, i);
            keys[Names[i]] = i;
        }

        type.GetProperty("Keys")!.SetValue(value, keys);

        byte[] document = JsonableSerializer.SerializeToUtf8Bytes(value, type, format);

        // {members,"keys":{entries}} — in JMC1 with the header first and a length comment before "keys" and before {.
        int comment = format == JsonableFormat.Jmc1 ? Jmc1.LengthCommentSize : 0;
        int start = format == JsonableFormat.Jmc1 ? Jmc1.Header.Length + 1 : 1;
        int keysName = document.AsSpan().LastIndexOf("\"keys\":"u8);
        Assert.True(keysName > 0);
        byte[] members = document[start..(keysName - comment - 1)];
        byte[] entries = document[(keysName + "\"keys\":".Length + comment + 1)..^2];

        Assert.True(members.Length > 32208 * 2, "every member was written");
        Assert.Equal(entries, members);
    }

    [Fact]
    public void LongAndUnusualNames_RoundTripThroughTheGeneratedReader()
    {
        Type type = Load().GetType("Sample.Names", throwOnError: true)!;
        object value = Activator.CreateInstance(type)!;
        for (int i = 0; i < Names.Length; i++)
        {
            type.GetProperty("P" + i.ToString(CultureInfo.InvariantCulture))!.SetValue(value, i + 100);
        }

        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            object back = JsonableSerializer.Deserialize(JsonableSerializer.SerializeToUtf8Bytes(value, type, format), type, format)!;
            for (int i = 0; i < Names.Length; i++)
            {
                Assert.Equal(i + 100, type.GetProperty("P" + i.ToString(CultureInfo.InvariantCulture))!.GetValue(back));
            }
        }
    }

    [Theory]
    [InlineData("{\"VALUE\":5}", 5, "")]
    [InlineData("{\"CAFÉ\":\"x\"}", 0, "x")]
    [InlineData("{\"Name\":5}", 5, "")] // a write-only "name" is no candidate: the readable "NAME" is
    public void NamesDifferingInCase_BindThroughTheSharedFallback_ToReadableMembersOnly(string json, int expectedValue, string expectedCafe)
    {
        Type type = Compile(
            """
            #pragma warning disable CS1591
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Casing
            {
                public string Name => "written only";
                [JsonPropertyName("NAME")] public int Alias { get => Value; set => Value = value; }
                public int Value { get; set; }
                public string Café { get; set; } = "";
            }
            """).GetType("Sample.Casing", throwOnError: true)!;

        object value = JsonableSerializer.Deserialize(Encoding.UTF8.GetBytes(json), type, JsonableFormat.Json)!;

        Assert.Equal(expectedValue, type.GetProperty("Value")!.GetValue(value));
        Assert.Equal(expectedCafe, type.GetProperty("Café")!.GetValue(value));
    }

    private static Assembly Load()
    {
        var source = new StringBuilder(
            """
            #pragma warning disable CS1591
            using System.Collections.Generic;
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Names
            {

            """);
        for (int i = 0; i < Names.Length; i++)
        {
            source.Append("    [JsonPropertyName(").Append(Literal(Names[i])).Append(")] public int P").Append(i).AppendLine(" { get; set; }");
        }

        source.AppendLine("    public Dictionary<string, int>? Keys { get; set; }").AppendLine("}");
        return Compile(source.ToString());
    }

    private static Assembly Compile(string source) => GeneratorHarness.CompileAndLoad(source, "Names");

    private static string Literal(string value)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in value)
        {
            _ = c is >= ' ' and < '\u007F' and not '"' and not '\\'
                ? sb.Append(c)
                : sb.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
        }

        return sb.Append('"').ToString();
    }
}
