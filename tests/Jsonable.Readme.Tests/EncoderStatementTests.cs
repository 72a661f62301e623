using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Threading.Tasks;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Readme.Tests;

/// <summary>
/// docs/json-options.md states, in a table marked <c>&lt;!-- fact: encoder --&gt;</c>, the bytes each writer in an app
/// puts on the wire for one string. Each row is checked against a real Kestrel host on loopback (an app with
/// <c>AddControllers().AddJsonable()</c> and minimal APIs, nothing else configured) or, for the row outside ASP.NET
/// Core, against <see cref="JsonSerializer"/> with no options: a doc that says the wrong thing about escaping fails here.
/// </summary>
public sealed class EncoderStatementTests
{
    /// <summary>The sample string: HTML-sensitive characters, Latin-1, a BMP symbol and a character outside the BMP.</summary>
    internal const string Sample = "Zoë ‹Müller> & Co's +1 😀";

    private const string Doc = "docs/json-options.md";
    private const string Marker = "<!-- fact: encoder";

    [Fact]
    public async Task EncoderTable_SaysWhatEachWriterPutsOnTheWire()
    {
        Dictionary<string, string> stated = StatedRows();
        Dictionary<string, string> actual = await WrittenByEachWriter();

        Assert.Equal(actual.Keys.Order(StringComparer.Ordinal), stated.Keys.Order(StringComparer.Ordinal));
        foreach ((string writer, string bytes) in actual)
        {
            Assert.True(stated[writer] == bytes, $"{Doc} says {writer} writes {stated[writer]}, but it wrote {bytes}");
        }
    }

    [Fact]
    public void StatedRows_AreReadFromTheDoc()
    {
        // The table exists, names the sample string, and every row has a JSON string in its second column.
        string[] lines = File.ReadAllLines(Path.Combine(MarkdownSnippets.RepositoryRoot, Doc));
        Assert.Contains(lines, l => l.StartsWith(Marker, StringComparison.Ordinal));
        Assert.Contains(lines, l => l.Contains('`' + Sample + '`', StringComparison.Ordinal));
        Assert.All(StatedRows().Values, v => Assert.StartsWith("\"", v, StringComparison.Ordinal));
    }

    /// <summary>The rows of the marked table: first column (the writer) → second column (the bytes, without backticks).</summary>
    private static Dictionary<string, string> StatedRows()
    {
        string[] lines = File.ReadAllLines(Path.Combine(MarkdownSnippets.RepositoryRoot, Doc));
        int start = Array.FindIndex(lines, l => l.StartsWith(Marker, StringComparison.Ordinal));
        Assert.True(start >= 0, $"{Doc} has no line starting with '{Marker}'");
        var rows = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string line in lines.Skip(start + 3).TakeWhile(l => l.StartsWith('|')))
        {
            string[] cells = line.Split('|', StringSplitOptions.TrimEntries);
            rows[cells[1]] = cells[2].Trim('`');
        }

        return rows;
    }

    private static async Task<Dictionary<string, string>> WrittenByEachWriter()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Services.AddControllers().AddApplicationPart(typeof(EncoderProbeController).Assembly).AddJsonable();
        builder.Services.AddJsonable();
        await using WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapGet("/minimal/plain", () => Results.Ok(new PlainName(Sample)));
        app.MapGet("/minimal/jsonable", () => JsonableResults.Ok(new Transform { Name = Sample }));
        app.MapControllers();
        await app.StartAsync();

        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.Single()) };
        string mvcPlain = await NameIn(client, "/mvc/plain");
        string mvcJsonable = await NameIn(client, "/mvc/jsonable");
        string minimalPlain = await NameIn(client, "/minimal/plain");
        string minimalJsonable = await NameIn(client, "/minimal/jsonable");
        await app.StopAsync();

        Assert.Equal(mvcJsonable, minimalJsonable); // one Jsonable writer, whichever stack serves it
        return new Dictionary<string, string>(StringComparer.Ordinal)
        {
            ["MVC controller, System.Text.Json (the app's defaults)"] = mvcPlain,
            ["minimal API, System.Text.Json (the app's defaults)"] = minimalPlain,
            ["Jsonable, MVC or minimal API"] = mvcJsonable,
            ["`JsonSerializer.Serialize` with no options (outside ASP.NET Core)"] = NameInJson(Encoding.UTF8.GetBytes(JsonSerializer.Serialize(new PlainName(Sample)))),
            ["System.Text.Json with `JavaScriptEncoder.UnsafeRelaxedJsonEscaping`"] =
                NameInJson(Encoding.UTF8.GetBytes(JsonSerializer.Serialize(new PlainName(Sample), new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))),
        };
    }

    private static async Task<string> NameIn(HttpClient client, string path)
    {
        using HttpResponseMessage response = await client.GetAsync(path);
        Assert.True(response.IsSuccessStatusCode, $"GET {path}: {(int)response.StatusCode}");
        return NameInJson(await response.Content.ReadAsByteArrayAsync());
    }

    /// <summary>The raw text of the <c>name</c>/<c>Name</c> member's string, quotes included, exactly as written.</summary>
    private static string NameInJson(byte[] body)
    {
        var reader = new Utf8JsonReader(body);
        while (reader.Read())
        {
            if (reader.TokenType == JsonTokenType.PropertyName && reader.ValueTextEquals("name") || reader.TokenType == JsonTokenType.PropertyName && reader.ValueTextEquals("Name"))
            {
                reader.Read();
                return "\"" + Encoding.UTF8.GetString(reader.ValueSpan) + "\"";
            }
        }

        throw new InvalidOperationException("no name member in " + Encoding.UTF8.GetString(body));
    }
}

/// <summary>A type Jsonable does not serve: System.Text.Json writes it.</summary>
/// <param name="Name">The string whose escaping is compared.</param>
public sealed record PlainName(string Name);

/// <summary>The MVC side of <see cref="EncoderStatementTests"/>.</summary>
[ApiController]
[Route("mvc")]
public sealed class EncoderProbeController : ControllerBase
{
    /// <summary>Written by MVC's System.Text.Json output formatter.</summary>
    [HttpGet("plain")]
    public PlainName Plain() => new(EncoderStatementTests.Sample);

    /// <summary>Written by Jsonable's output formatter.</summary>
    [HttpGet("jsonable")]
    public Transform Jsonable() => new() { Name = EncoderStatementTests.Sample };
}
