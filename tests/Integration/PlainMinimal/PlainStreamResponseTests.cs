using System.Net;
using System.Text;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using System.Text.Json;

namespace Jsonable.Integration.Tests.PlainMinimal;

/// <summary>
/// <c>IAsyncEnumerable&lt;T&gt;</c> of a Jsonable type returned as for System.Text.Json alone (a minimal handler returning
/// it, <c>TypedResults.Ok</c>/<c>Results&lt;Ok&lt;…&gt;, …&gt;</c> of it, an MVC action returning it), over real HTTP:
/// JSON Lines and JMC1 answered exactly as <c>JsonableResults.Ok</c> answers them, JSON exactly as System.Text.Json
/// writes it, each item on the wire while the source is open, and the source cancelled when the client goes away.
/// </summary>
public sealed class PlainStreamResponseTests : IAsyncLifetime
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    private PlainStreamHost? _app;
    private PlainStreamHost? _stj;

    public static TheoryData<string> PlainRoutes => PlainStreamHost.PlainRoutes;

    public static TheoryData<string, string?> NegotiatedCases
    {
        get
        {
            var data = new TheoryData<string, string?>();
            foreach (string route in PlainStreamHost.PlainRoutes)
            {
                data.Add(route, "application/jsonl");
                data.Add(route, "application/x-ndjson");
                data.Add(route, "application/jsonc+jmc1");
                data.Add(route + "?format=jmc1", null);
                data.Add(route + "?format=jmc1", "application/json");
            }

            return data;
        }
    }

    public async Task InitializeAsync()
    {
        _app = await PlainStreamHost.StartAsync(jsonable: true);
        _stj = await PlainStreamHost.StartAsync(jsonable: false);
    }

    public async Task DisposeAsync()
    {
        await _app!.DisposeAsync();
        await _stj!.DisposeAsync();
    }

    [Theory]
    [MemberData(nameof(NegotiatedCases))]
    public async Task Negotiated_streams_answer_as_jsonable_results(string route, string? accept)
    {
        string query = route.Contains('?') ? route[route.IndexOf('?')..] : string.Empty;
        (HttpResponseMessage expected, byte[] expectedBody) = await _app!.Client.GetAsync("/m/jsonable" + query, accept);
        (HttpResponseMessage response, byte[] body) = await _app.Client.GetAsync(route, accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, expected);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.NotEqual("application/json", expected.Content.Headers.ContentType?.MediaType);
        Assert.Equal(expected.Content.Headers.ContentType?.ToString(), response.Content.Headers.ContentType?.ToString());
        Assert.Contains("Accept", response.Headers.Vary);
        Assert.Equal(expectedBody, body);
    }

    [Theory]
    [MemberData(nameof(PlainRoutes))]
    public async Task Json_lines_are_one_order_per_line(string route)
    {
        (HttpResponseMessage response, byte[] body) = await _app!.Client.GetAsync(route, "application/jsonl");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("application/jsonl", response.Content.Headers.ContentType?.MediaType);
        string expected = string.Concat(PlainStreamHost.Orders.Select(o => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(o, JsonableFormat.Json)) + "\n"));
        Assert.Equal(expected, Encoding.UTF8.GetString(body));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("application/json")]
    [InlineData("*/*")]
    [InlineData("application/json, application/jsonl;q=0.5")]
    public async Task Json_is_what_system_text_json_writes(string? accept)
    {
        foreach (string route in PlainStreamHost.PlainRoutes)
        {
            (HttpResponseMessage stj, byte[] stjBody) = await _stj!.Client.GetAsync(route, accept);
            (HttpResponseMessage response, byte[] body) = await _app!.Client.GetAsync(route, accept);

            Assert.Equal(stj.StatusCode, response.StatusCode);
            Assert.Equal(stj.Content.Headers.ContentType?.ToString(), response.Content.Headers.ContentType?.ToString());
            AssertSameJson(route, stjBody, body);
        }
    }

    [Fact]
    public async Task Indented_json_is_what_system_text_json_writes_and_json_lines_stay_one_line_each()
    {
        await using PlainStreamHost app = await PlainStreamHost.StartAsync(jsonable: true, indented: true);
        await using PlainStreamHost stj = await PlainStreamHost.StartAsync(jsonable: false, indented: true);
        foreach (string route in PlainStreamHost.PlainRoutes)
        {
            (_, byte[] stjBody) = await stj.Client.GetAsync(route, "application/json");
            (_, byte[] body) = await app.Client.GetAsync(route, "application/json");
            AssertSameJson(route, stjBody, body);
            Assert.Contains("\n  ", Encoding.UTF8.GetString(body));

            (_, byte[] lines) = await app.Client.GetAsync(route, "application/jsonl");
            Assert.Equal(PlainStreamHost.Orders.Count, Encoding.UTF8.GetString(lines).Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
        }
    }

    [Theory]
    [InlineData("/m/live", "application/jsonl")]
    [InlineData("/mvc/live", "application/jsonl")]
    [InlineData("/m/live", "application/json")]
    [InlineData("/mvc/live", "application/json")]
    public async Task Each_item_arrives_while_the_source_is_open(string route, string accept)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        using HttpResponseMessage response = await _app!.Client.SendAsync(Requests.Create(HttpMethod.Get, route, accept), HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal(accept, response.Content.Headers.ContentType?.MediaType);
        Stream body = await response.Content.ReadAsStreamAsync(guard.Token);

        PlainOrder first = PlainStreamHost.Orders[0];
        await _app.Items.Writer.WriteAsync(first, guard.Token);
        byte[] firstBytes = JsonableSerializer.SerializeToUtf8Bytes(first, JsonableFormat.Json);
        // The source is still open: only a flush after the item can deliver all of its bytes.
        string received = await ReadAtLeastAsync(body, firstBytes.Length + (accept == "application/json" ? 1 : 0), guard.Token);
        Assert.Contains(Encoding.UTF8.GetString(firstBytes), received);
        _app.Items.Writer.Complete();
        received += await new StreamReader(body).ReadToEndAsync(guard.Token);
        Assert.Equal(accept == "application/json" ? "[" + Encoding.UTF8.GetString(firstBytes) + "]" : Encoding.UTF8.GetString(firstBytes) + "\n", received);
    }

    [Theory]
    [InlineData("/m/live", "application/jsonl")]
    [InlineData("/mvc/live", "application/jsonl")]
    [InlineData("/m/live", "application/jsonc+jmc1")]
    [InlineData("/m/live", "application/json")]
    public async Task A_client_that_goes_away_cancels_the_source(string route, string accept)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpResponseMessage response = await _app!.Client.SendAsync(Requests.Create(HttpMethod.Get, route, accept), HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Stream body = await response.Content.ReadAsStreamAsync(guard.Token);
        await _app.Items.Writer.WriteAsync(PlainStreamHost.Orders[0], guard.Token);
        await ReadAtLeastAsync(body, 2, guard.Token);

        // The client goes away with the source still open: it stops a read that waits for more, which tears the
        // connection down at once (disposing the response alone first lets HttpClient drain it for a while).
        using (var leave = CancellationTokenSource.CreateLinkedTokenSource(guard.Token))
        {
            leave.CancelAfter(TimeSpan.FromMilliseconds(200));
            try
            {
                while (await body.ReadAsync(new byte[4096], leave.Token) > 0)
                {
                }
            }
            catch (OperationCanceledException) when (!guard.IsCancellationRequested)
            {
            }
        }

        response.Dispose();
        Assert.True(await _app.SourceEnded.Task.WaitAsync(guard.Token));
    }

    [Fact]
    public async Task Outside_a_request_the_apps_options_write_the_json_array()
    {
        // A sequence serialized with the app's options away from any request (a background job): no middleware can
        // write it later, so the converter waits for each item and writes System.Text.Json's array.
        await using PlainStreamHost app = await PlainStreamHost.StartAsync(jsonable: true);
        JsonSerializerOptions options = app.Services.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions;
        JsonSerializerOptions stj = _stj!.Services.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions;
        object sequence = PlainStreamHost.Fixed();

        using var written = new MemoryStream();
        await JsonSerializer.SerializeAsync(written, sequence, options);
        using var expected = new MemoryStream();
        await JsonSerializer.SerializeAsync(expected, (object)PlainStreamHost.Fixed(), stj);

        Assert.Equal(Encoding.UTF8.GetString(expected.ToArray()), Encoding.UTF8.GetString(written.ToArray()));
        Assert.StartsWith("[{\"id\":1,", Encoding.UTF8.GetString(written.ToArray()));
    }

    [Fact]
    public async Task An_output_cached_stream_is_cached_whole()
    {
        // Output caching records the body while the endpoint runs, so the stream is written then, as System.Text.Json's array.
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable();
        builder.Services.AddOutputCache();
        await using WebApplication app = builder.Build();
        app.UseJsonable();
        app.UseOutputCache();
        int runs = 0;
        app.MapGet("/cached", () => { runs++; return PlainStreamHost.Fixed(); }).CacheOutput();
        await app.StartAsync();
        HttpClient client = app.GetTestClient();

        (_, byte[] stjBody) = await _stj!.Client.GetAsync("/m/plain", "application/json");
        (HttpResponseMessage first, byte[] firstBody) = await client.GetAsync("/cached", "application/json");
        (HttpResponseMessage second, byte[] secondBody) = await client.GetAsync("/cached", "application/json");

        Assert.Equal(1, runs);
        Assert.Equal("application/json", second.Content.Headers.ContentType?.MediaType);
        Assert.Equal(Encoding.UTF8.GetString(stjBody), Encoding.UTF8.GetString(firstBody));
        Assert.Equal(Encoding.UTF8.GetString(stjBody), Encoding.UTF8.GetString(secondBody));
    }

    /// <summary>
    /// Minimal APIs write through System.Text.Json's writer: the same bytes. MVC writes through Jsonable's JSON formatter,
    /// whose strings keep non-ASCII text raw (docs/http.md: escaping is not a difference): the same data and layout.
    /// </summary>
    private static void AssertSameJson(string route, byte[] expected, byte[] actual)
    {
        if (route.StartsWith("/mvc", StringComparison.Ordinal))
        {
            JsonData.AssertEqual(expected, actual);
            Assert.Equal(Encoding.UTF8.GetString(expected).Split('\n').Length, Encoding.UTF8.GetString(actual).Split('\n').Length);
        }
        else
        {
            Assert.Equal(Encoding.UTF8.GetString(expected), Encoding.UTF8.GetString(actual));
        }
    }

    private static async Task<string> ReadAtLeastAsync(Stream body, int count, CancellationToken cancellationToken)
    {
        byte[] buffer = new byte[count + 4096];
        int read = await body.ReadAtLeastAsync(buffer.AsMemory(0, count), count, throwOnEndOfStream: true, cancellationToken);
        return Encoding.UTF8.GetString(buffer, 0, read);
    }
}

/// <summary>
/// Both OpenAPI documents describe a plain <c>IAsyncEnumerable&lt;T&gt;</c> minimal endpoint as they describe the
/// <c>JsonableResults.Ok</c> form: JSON, JMC1 and JSON Lines with one item per line.
/// </summary>
public sealed class PlainStreamOpenApiTests : IAsyncLifetime
{
    private WebApplication? _app;

    public static TheoryData<string> Documents => OpenApiDocuments.All;

    public async Task InitializeAsync()
    {
        _app = OpenApiDocuments.CreateApp();
        _app.MapGet("/jsonable", () => JsonableResults.Ok(PlainStreamHost.Fixed()));
        _app.MapGet("/plain", () => PlainStreamHost.Fixed());
        _app.MapGet("/typed", () => TypedResults.Ok(PlainStreamHost.Fixed()));
        _app.MapGet("/results", Results<Ok<IAsyncEnumerable<PlainOrder>>, NotFound> () => TypedResults.Ok(PlainStreamHost.Fixed()));
        await _app.StartAsync();
    }

    public async Task DisposeAsync() => await _app!.DisposeAsync();

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task Plain_streams_list_the_media_types_of_the_jsonable_results_form(string documentPath)
    {
        JsonNode paths = await OpenApiDocuments.PathsAsync(_app!, documentPath);
        string[] expected = [.. OpenApiDocuments.MediaTypes(paths["/jsonable"]!["get"]!["responses"]!["200"]).Order()];
        Assert.Contains("application/jsonl", expected);
        Assert.Contains("application/jsonc+jmc1", expected);
        foreach (string path in new[] { "/plain", "/typed", "/results" })
        {
            JsonNode response = paths[path]!["get"]!["responses"]!["200"]!;
            Assert.Equal(expected, OpenApiDocuments.MediaTypes(response).Order());
            Assert.EndsWith("PlainOrder", (string?)response["content"]!["application/jsonl"]!["schema"]!["$ref"]);
        }
    }
}
