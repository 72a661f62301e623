#nullable enable
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Incremental;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>
/// Every family of malformed input is keyed where System.Text.Json keys it (read from a stream with the web defaults, as
/// ASP.NET Core reads a body), so a 400's <c>errors</c> name the same JSON path on both stacks: a name counts only once its
/// colon has been read, a member or element is done once its value is, and a syntax error between items is the
/// container's. The same holds for a merge patch, a body read piece by piece, and the document written as JMC1.
/// </summary>
public sealed class MalformedInputPathTests
{
    /// <summary>Family, then the document (<c>&lt;FF&gt;</c> stands for the invalid UTF-8 byte 0xFF).</summary>
    public static TheoryData<string, string> Families => new()
    {
        { "missing colon, nested", """{"a":{"b"}}""" },
        { "missing colon, nested login", """{"login":{"userName"}}""" },
        { "missing colon, root", """{"name" "x"}""" },
        { "missing colon, value follows", """{"login":{"userName""x"}}""" },
        { "missing colon, in a dictionary", """{"map":{"k"1}}""" },
        { "missing comma between members, root", """{"id":1 "name":"x"}""" },
        { "missing comma between members, no space", """{"id":1"name":"x"}""" },
        { "missing comma between members, after a string", """{"name":"x""id":1}""" },
        { "missing comma between members, nested", """{"login":{"userName":"x" "age":1}}""" },
        { "missing comma between members, after an object", """{"login":{}"id":1}""" },
        { "missing comma between elements", """{"nums":[1 2]}""" },
        { "missing comma between object elements", """{"items":[{}{}]}""" },
        { "missing comma between array elements", """{"grid":[[1][2]]}""" },
        { "missing comma in a dictionary", """{"map":{"k":1"j":2}}""" },
        { "trailing comma in the root object", """{"id":1,}""" },
        { "trailing comma in a nested object", """{"login":{"age":1,}}""" },
        { "trailing comma in an array", """{"a":{},"nums":[1,2,]}""" },
        { "trailing comma in an array of objects", """{"items":[{},]}""" },
        { "trailing comma in a dictionary", """{"map":{"k":1,}}""" },
        { "leading comma in an array", """{"nums":[,1]}""" },
        { "double comma in an array", """{"nums":[1,,2]}""" },
        { "double comma in an object", """{"id":1,,"name":"x"}""" },
        { "unterminated string value", """{"name":"abc""" },
        { "unterminated string value, nested", """{"login":{"userName":"ab""" },
        { "unterminated name", """{"login":{"user""" },
        { "unterminated object", """{"login":{"age":1""" },
        { "unterminated root", """{"id":1""" },
        { "unterminated array", """{"nums":[1,2""" },
        { "unterminated array of objects", """{"items":[{"age":1}""" },
        { "mismatched close, array by brace", """{"nums":[1,2}}""" },
        { "mismatched close, object by bracket", """{"login":{"age":1]}""" },
        { "bad literal true", """{"flag":tru}""" },
        { "bad literal null", """{"name":nul}""" },
        { "bad literal, nested", """{"login":{"userName":nulx}}""" },
        { "bad literal in an array", """{"nums":[1,tru]}""" },
        { "bad literal, unknown member", """{"zz":fals,"id":1}""" },
        { "bad number, leading zero", """{"id":01}""" },
        { "bad number, dot without digits", """{"id":1.}""" },
        { "bad number, lone minus", """{"score":-}""" },
        { "bad number, exponent without digits", """{"nums":[1,2e]}""" },
        { "bad number, plus sign", """{"id":+1}""" },
        { "bad number, nested", """{"login":{"age":1.2.3}}""" },
        { "bad escape", """{"name":"a\x"}""" },
        { "bad unicode escape, nested", """{"login":{"userName":"\u12G4"}}""" },
        { "bad escape in a name", """{"na\qme":"x"}""" },
        { "invalid UTF-8 in a value", """{"name":"a<FF>"}""" },
        { "control character in a value", "{\"name\":\"a\nb\"}" },
        { "control character, nested", "{\"login\":{\"userName\":\"a\tb\"}}" },
        { "property name not a string", """{id:1}""" },
        { "property name not a string, nested", """{"login":{1:2}}""" },
        { "property name single-quoted", """{"login":{'age':2}}""" },
        { "value missing after colon", """{"id":}""" },
        { "value missing after colon, nested", """{"login":{"age":}}""" },
        { "value missing after colon, before a member", """{"id":,"name":"x"}""" },
        { "extra data after the root", """{"id":1}x""" },
        { "a second root", """{"id":1}{}""" },
        { "extra close after the root", """{"id":1}}""" },
        { "malformed inside an unknown member", """{"zz":{"b"},"id":1}""" },
        { "malformed inside an unknown array", """{"zz":[1,],"id":1}""" },
        { "comment in JSON", """{"id":1/*x*/}""" },
    };

    /// <summary>Every cut of a document that holds each kind of value at every depth (the cut is the document).</summary>
    public static TheoryData<int> Cuts()
    {
        var cuts = new TheoryData<int>();
        for (int cut = 1; cut < TruncatedDocument.Length; cut++)
        {
            cuts.Add(cut);
        }

        return cuts;
    }

    private const string TruncatedDocument = """{"id":7,"name":"Ada","flag":true,"login":{"userName":"ada","age":36},"nums":[1,-2.5e3],"items":[{"age":1},{"userName":"b"}],"map":{"k":1},"grid":[[1,2],[]],"score":null}""";

    [Theory]
    [MemberData(nameof(Families))]
    public async Task MalformedJson_IsKeyedAsSystemTextJsonKeysIt(string family, string document)
    {
        byte[] body = Bytes(document);

        string? stj = await StjPathAsync(body);

        Assert.True(stj is not null, $"{family}: System.Text.Json accepts it");
        Assert.Equal(stj, Assert.Throws<JsonableException>(() => Malformed.CreateFromJson(body)).Path);
    }

    [Theory]
    [MemberData(nameof(Families))]
    public async Task MalformedJson_AsAPatch_OrReadPieceByPiece_IsKeyedTheSame(string family, string document)
    {
        byte[] body = Bytes(document);
        string? stj = await StjPathAsync(body);
        var target = new Malformed { Id = 5 };

        JsonableException merge = Assert.Throws<JsonableException>(() => target.MergeFromJson(body));
        JsonableException pieces = await Assert.ThrowsAsync<JsonableException>(async () =>
            await JsonableSerializer.DeserializeAsync<Malformed>(TricklePipeReader.Chunked(body, 3)));

        Assert.Equal((family, stj), (family, merge.Path));
        Assert.Equal((family, stj), (family, pieces.Path));
        Assert.Equal(5, target.Id);
    }

    [Theory]
    [MemberData(nameof(Families))]
    public async Task MalformedJmc1_IsKeyedAsTheSameJson(string family, string document)
    {
        if (!TryJmc1(document, out byte[] jmc1))
        {
            return; // whitespace, comments and raw control characters are not JMC1: nothing to compare
        }

        string? stj = await StjPathAsync(Bytes(document));

        Assert.Equal((family, stj), (family, Assert.Throws<JsonableException>(() => Malformed.CreateFromJsonable(jmc1)).Path));
    }

    [Theory]
    [MemberData(nameof(Cuts))]
    public async Task ATruncatedBody_IsKeyedAsSystemTextJsonKeysIt_InEveryReader(int cut)
    {
        string document = TruncatedDocument[..cut];
        byte[] body = Bytes(document);

        string? stj = await StjPathAsync(body);

        Assert.NotNull(stj);
        Assert.Equal((cut, stj), (cut, Assert.Throws<JsonableException>(() => Malformed.CreateFromJson(body)).Path));
        Assert.Equal((cut, stj), (cut, Assert.Throws<JsonableException>(() => new Malformed().MergeFromJson(body)).Path));
        Assert.Equal((cut, stj), (cut, (await Assert.ThrowsAsync<JsonableException>(async () => await JsonableSerializer.DeserializeAsync<Malformed>(TricklePipeReader.Chunked(body, 5)))).Path));
        Assert.True(TryJmc1(document, out byte[] jmc1));
        Assert.Equal((cut, stj), (cut, Assert.Throws<JsonableException>(() => Malformed.CreateFromJsonable(jmc1)).Path));
    }

    [Fact]
    public async Task TheIssueExamples_AreKeyedAtTheContainer()
    {
        // Where STJ puts them: the object whose member never got its colon, the object whose members lack a comma, the array.
        Assert.Equal("$.a", await StjPathAsync(Bytes("""{"a":{"b"}}""")));
        Assert.Equal("$.login", await StjPathAsync(Bytes("""{"login":{"userName"}}""")));
        Assert.Equal("$", await StjPathAsync(Bytes("""{"id":1 "name":"x"}""")));
        Assert.Equal("$.a", Assert.Throws<JsonableException>(() => Malformed.CreateFromJson(Bytes("""{"a":{"b"}}"""))).Path);
        Assert.Equal("$.login", Assert.Throws<JsonableException>(() => Malformed.CreateFromJson(Bytes("""{"login":{"userName"}}"""))).Path);
        Assert.Equal("$", Assert.Throws<JsonableException>(() => Malformed.CreateFromJson(Bytes("""{"id":1 "name":"x"}"""))).Path);
    }

    private static async Task<string?> StjPathAsync(byte[] body)
    {
        try
        {
            await JsonSerializer.DeserializeAsync<Malformed>(new MemoryStream(body), JsonSerializerOptions.Web);
            return null;
        }
        catch (JsonException ex)
        {
            return ex.Path;
        }
    }

    private static byte[] Bytes(string document)
    {
        string[] parts = document.Split("<FF>");
        var bytes = new List<byte>();
        for (int i = 0; i < parts.Length; i++)
        {
            if (i > 0)
            {
                bytes.Add(0xFF);
            }

            bytes.AddRange(Encoding.UTF8.GetBytes(parts[i]));
        }

        return [.. bytes];
    }

    /// <summary>The document as JMC1 without length comments (which a reader does without): a header before every object.</summary>
    private static bool TryJmc1(string document, out byte[] jmc1)
    {
        var sb = new StringBuilder();
        bool inString = false;
        for (int i = 0; i < document.Length; i++)
        {
            char c = document[i];
            if (inString)
            {
                if (c < ' ')
                {
                    jmc1 = [];
                    return false;
                }

                inString = c != '"' || document[i - 1] == '\\' && (i < 2 || document[i - 2] != '\\');
            }
            else if (c is ' ' or '\t' or '\n' or '\r' or '/')
            {
                jmc1 = [];
                return false;
            }
            else if (c == '"')
            {
                inString = true;
            }
            else if (c == '{' && !document[..i].EndsWith("\"map\":", StringComparison.Ordinal))
            {
                sb.Append("/*JMC1*/"); // every object, not a dictionary
            }

            sb.Append(c);
        }

        jmc1 = Bytes(sb.ToString());
        return true;
    }
}

/// <summary>A body with members of each kind, nested objects, arrays of values, objects and arrays, and a dictionary.</summary>
[ToJson, FromJson]
public partial class Malformed
{
    public int Id { get; set; }

    public string? Name { get; set; }

    public bool Flag { get; set; }

    public double? Score { get; set; }

    public MalformedLogin? Login { get; set; }

    public MalformedLogin? A { get; set; }

    public List<double>? Nums { get; set; }

    public List<MalformedLogin>? Items { get; set; }

    public Dictionary<string, int>? Map { get; set; }

    public int[][]? Grid { get; set; }
}

/// <summary>A nested object.</summary>
[ToJson, FromJson]
public partial class MalformedLogin
{
    public string? UserName { get; set; }

    public int Age { get; set; }

    public string? B { get; set; }
}
