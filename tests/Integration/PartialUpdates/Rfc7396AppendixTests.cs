using System.Net;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// The 15 examples of RFC 7396 Appendix A, each mapped onto the sample's typed <c>Transform</c> (a string member for
/// <c>"a"</c>, <c>counters</c> for open keys, <c>payload</c> for nested objects, <c>position</c>/<c>tags</c> for arrays),
/// run on MVC and minimal APIs with JSON and JMC1 patches: the status and the stored members after the PATCH. A typed
/// resource cannot change a member's type or be replaced by a non-object, so those rows are 400s that change nothing.
/// docs/partial-updates.md carries the same table (<see cref="Docs_ShowTheTableAsRun"/>).
/// </summary>
public sealed class Rfc7396AppendixTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    /// <summary>One row: the RFC's target and patch, the transform stored before, the patch sent, what must come back.</summary>
    public sealed record Row(int Number, string RfcTarget, string RfcPatch, string Before, string Patch, HttpStatusCode Status, string After, string? ErrorKey = null);

    public static readonly Row[] Rows =
    [
        new(1, """{"a":"b"}""", """{"a":"c"}""", """{"name":"b"}""", """{"name":"c"}""", HttpStatusCode.OK, """{"name":"c"}"""),
        new(2, """{"a":"b"}""", """{"b":"c"}""", """{"counters":{"a":1}}""", """{"counters":{"b":2}}""", HttpStatusCode.OK, """{"counters":{"a":1,"b":2}}"""),
        new(3, """{"a":"b"}""", """{"a":null}""", """{"name":"b"}""", """{"name":null}""", HttpStatusCode.OK, """{"name":null}"""),
        new(4, """{"a":"b","b":"c"}""", """{"a":null}""", """{"counters":{"a":1,"b":2}}""", """{"counters":{"a":null}}""", HttpStatusCode.OK, """{"counters":{"b":2}}"""),
        new(5, """{"a":["b"]}""", """{"a":"c"}""", """{"tags":["b"]}""", """{"tags":"c"}""", HttpStatusCode.BadRequest, """{"tags":["b"]}""", "$.tags"),
        new(6, """{"a":"c"}""", """{"a":["b"]}""", """{"name":"c"}""", """{"name":["b"]}""", HttpStatusCode.BadRequest, """{"name":"c"}""", "$.name"),
        new(7, """{"a":{"b":"c"}}""", """{"a":{"b":"d","c":null}}""", """{"payload":{"kind":"c","mass":1,"dimensions":{"width":1,"height":2,"depth":3}}}""", """{"payload":{"kind":"d","dimensions":null}}""", HttpStatusCode.OK, """{"payload":{"kind":"d","mass":1,"dimensions":null}}"""),
        new(8, """{"a":[{"b":"c"}]}""", """{"a":[1]}""", """{"position":[1,0,-1]}""", """{"position":[9]}""", HttpStatusCode.OK, """{"position":[9]}"""),
        new(9, """["a","b"]""", """["c","d"]""", """{"tags":["a","b"]}""", """["c","d"]""", HttpStatusCode.BadRequest, """{"tags":["a","b"]}""", "$"),
        new(10, """{"a":"b"}""", """["c"]""", """{"name":"b"}""", """["c"]""", HttpStatusCode.BadRequest, """{"name":"b"}""", "$"),
        new(11, """{"a":"foo"}""", "null", """{"name":"foo"}""", "null", HttpStatusCode.BadRequest, """{"name":"foo"}""", "$"),
        new(12, """{"a":"foo"}""", "\"bar\"", """{"name":"foo"}""", "\"bar\"", HttpStatusCode.BadRequest, """{"name":"foo"}""", "$"),
        new(13, """{"e":null}""", """{"a":1}""", """{"name":null}""", """{"counters":{"a":1}}""", HttpStatusCode.OK, """{"name":null,"counters":{"a":1}}"""),
        new(14, """[1,2]""", """{"a":"b","c":null}""", """{"payload":null}""", """{"payload":{"kind":"b","dimensions":null}}""", HttpStatusCode.OK, """{"payload":{"kind":"b","mass":0,"dimensions":null}}"""),
        new(15, """{}""", """{"a":{"bb":{"ccc":null}}}""", """{"payload":null}""", """{"payload":{"kind":null}}""", HttpStatusCode.OK, """{"payload":{"kind":null,"mass":0,"dimensions":null}}"""),
    ];

    public static TheoryData<int, string, string> RowsOnEveryStackAndFormat()
    {
        var data = new TheoryData<int, string, string>();
        foreach (Row row in Rows)
        {
            foreach (string basePath in new[] { "/api", "/minimal" })
            {
                foreach (string format in new[] { "json", "jmc1" })
                {
                    data.Add(row.Number, basePath, format);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(RowsOnEveryStackAndFormat))]
    public async Task AppendixARow_OnTheSampleTransform_HasItsStatusAndStoredValue(int number, string basePath, string format)
    {
        Row row = Rows[number - 1];
        HttpClient client = factory.CreateClient();
        JsonObject before = JsonNode.Parse(row.Before)!.AsObject();
        before["id"] = 0;
        (HttpResponseMessage created, byte[] createdBody) = await client.SendAsync(HttpMethod.Post, $"{basePath}/transforms", JsonType, Requests.Body(Encoding.UTF8.GetBytes(before.ToJsonString()), JsonType));
        Assert.True(created.StatusCode == HttpStatusCode.Created, Encoding.UTF8.GetString(createdBody));
        long id = (long)JsonNode.Parse(createdBody)!["id"]!;

        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Patch, $"{basePath}/transforms/{id}", Accept(format), Requests.Body(Encode(row.Patch, format), ContentType(format)));

        Assert.True(response.StatusCode == row.Status, $"row {number}: {response.StatusCode} {Encoding.UTF8.GetString(body)}");
        if (row.ErrorKey is not null)
        {
            await HttpAssert.ValidationErrorAsync(row.ErrorKey, response);
        }

        JsonObject stored = JsonNode.Parse(await PartialUpdateTests.GetBytesAsync(client, basePath, id))!.AsObject();
        foreach ((string member, JsonNode? expected) in JsonNode.Parse(row.After)!.AsObject())
        {
            Assert.True(JsonNode.DeepEquals(expected, stored[member]), $"row {number}: {member} is {stored[member]?.ToJsonString() ?? "null"}, expected {expected?.ToJsonString() ?? "null"}");
        }
    }

    [Fact]
    public void Docs_ShowTheTableAsRun()
    {
        string doc = File.ReadAllText(Path.Combine(RepositoryRoot(), "docs", "partial-updates.md")).ReplaceLineEndings("\n");
        Assert.True(doc.Contains(Table(), StringComparison.Ordinal), "docs/partial-updates.md does not hold this table (paste it under \"RFC 7396 Appendix A, as run\"):\n" + Table());
    }

    /// <summary>The table as docs/partial-updates.md shows it.</summary>
    public static string Table()
    {
        var table = new StringBuilder();
        table.Append("| row | RFC target | RFC patch | stored before | PATCH body | status | stored after |\n");
        table.Append("| --- | --- | --- | --- | --- | --- | --- |\n");
        foreach (Row row in Rows)
        {
            string status = row.ErrorKey is null ? ((int)row.Status).ToString(System.Globalization.CultureInfo.InvariantCulture) : $"{(int)row.Status} `{row.ErrorKey}`";
            string after = row.Status == HttpStatusCode.OK ? $"`{row.After}`" : "unchanged";
            table.Append($"| {row.Number} | `{row.RfcTarget}` | `{row.RfcPatch}` | `{row.Before}` | `{row.Patch}` | {status} | {after} |\n");
        }

        return table.ToString();
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Jsonable.AspNetCore.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("The repository root (Jsonable.AspNetCore.sln) was not found above " + AppContext.BaseDirectory);
    }
}
