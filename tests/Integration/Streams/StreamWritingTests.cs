using System.Net;
using System.Net.Http.Headers;
using System.Net.ServerSentEvents;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// Streams written over real HTTP (Kestrel on loopback): JSON Lines when <c>Accept</c> names it, server-sent events
/// with the generated JSON writer, each item on the wire while the source is still open, and the source cancelled when
/// the client goes away.
/// </summary>
public sealed class StreamWritingTests : IAsyncLifetime
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(30);

    private StreamHost? _host;

    private StreamHost Host => _host!;

    public async Task InitializeAsync() => _host = await StreamHost.StartAsync();

    public async Task DisposeAsync() => await _host!.DisposeAsync();

    [Theory]
    [InlineData("application/jsonl", "application/jsonl")]
    [InlineData("application/x-ndjson", "application/x-ndjson")]
    [InlineData("application/json;q=0.5, application/jsonl", "application/jsonl")]
    [InlineData("application/jsonl, */*;q=0.1", "application/jsonl")]
    public async Task Lines_AcceptNamesJsonLines_EachItemArrivesAsItsLineWhileTheSourceIsOpen(string accept, string expectedMediaType)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        using HttpResponseMessage response = await Host.Client.SendAsync(Requests.Create(HttpMethod.Get, "/lines", accept), HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal(expectedMediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Null(response.Content.Headers.ContentLength);
        Assert.Contains("Accept", response.Headers.Vary);
        using var reader = new StreamReader(await response.Content.ReadAsStreamAsync(guard.Token), Encoding.UTF8);

        var first = new Transform { Id = 1, Name = "line\nbreak \"quoted\"", Position = [1, 2, 3] };
        await Host.Items.Writer.WriteAsync(first, guard.Token);
        string? line1 = await reader.ReadLineAsync(guard.Token); // the source is still open: only a flush can deliver it
        var second = new Transform { Id = 2, Tags = ["x"] };
        await Host.Items.Writer.WriteAsync(second, guard.Token);
        string? line2 = await reader.ReadLineAsync(guard.Token);
        Host.Items.Writer.Complete();
        string rest = await reader.ReadToEndAsync(guard.Token);

        JsonData.AssertEqual(JsonableSerializer.SerializeToUtf8Bytes(first, JsonableFormat.Json), Encoding.UTF8.GetBytes(line1!));
        JsonData.AssertEqual(JsonableSerializer.SerializeToUtf8Bytes(second, JsonableFormat.Json), Encoding.UTF8.GetBytes(line2!));
        Assert.Equal(string.Empty, rest);
    }

    [Fact]
    public async Task Lines_Collection_IsOneLinePerElementEachEndingInNewline()
    {
        (HttpResponseMessage response, byte[] body) = await Host.Client.GetAsync("/list", "application/jsonl");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal(Json(new Transform { Id = 1, Name = "a" }) + "\n" + Json(new Transform { Id = 2, Name = "b\nc" }) + "\n", Encoding.UTF8.GetString(body));
        Assert.Contains("\"b\\nc\"", Encoding.UTF8.GetString(body)); // the line break inside the string is escaped
    }

    [Theory]
    [InlineData("application/json, application/jsonl;q=0.5")]
    [InlineData("*/*")]
    [InlineData("application/*")]
    [InlineData(null)]
    public async Task Lines_AcceptPrefersJsonOrNamesNoJsonLines_IsTheJsonArray(string? accept)
    {
        (HttpResponseMessage response, byte[] body) = await Host.Client.GetAsync("/list", accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("[" + Json(new Transform { Id = 1, Name = "a" }) + "," + Json(new Transform { Id = 2, Name = "b\nc" }) + "]", Encoding.UTF8.GetString(body));
    }

    [Fact]
    public async Task Lines_SingleObject_AnswersJsonAsBefore()
    {
        (HttpResponseMessage response, byte[] body) = await Host.Client.GetAsync("/one", "application/jsonl");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(Json(new Transform { Id = 1 }), Encoding.UTF8.GetString(body));
    }

    [Fact]
    public async Task Events_EachEventIsOnTheWireBeforeTheNextItemExists_WithTheGeneratedJson()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        using HttpResponseMessage response = await Host.Client.SendAsync(Requests.Create(HttpMethod.Get, "/events", "text/event-stream"), HttpCompletionOption.ResponseHeadersRead, guard.Token);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal("text/event-stream", response.Content.Headers.ContentType?.MediaType);
        Assert.Contains("no-cache", response.Headers.CacheControl?.ToString());
        Stream stream = await response.Content.ReadAsStreamAsync(guard.Token);

        var first = new Transform { Id = 1, Name = "a\r\nb", Scale = [2, 2, 2] };
        await Host.Items.Writer.WriteAsync(first, guard.Token);
        string event1 = await ReadEventAsync(stream, guard.Token);
        await Host.Items.Writer.WriteAsync(new Transform { Id = 2 }, guard.Token);
        string event2 = await ReadEventAsync(stream, guard.Token);

        Assert.Equal($"event: moved\ndata: {Json(first)}\n\n", event1);
        Assert.Equal($"event: moved\ndata: {Json(new Transform { Id = 2 })}\n\n", event2);
        Host.Items.Writer.Complete();
    }

    [Fact]
    public async Task Events_ItemsWithIdAndRetry_AreSentAsFieldsAndParseBackWithSseParser()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        await Host.Events.Writer.WriteAsync(new SseItem<Transform>(new Transform { Id = 1, Name = "x" }, "snapshot") { EventId = "\"v1\"", ReconnectionInterval = TimeSpan.FromSeconds(5) }, guard.Token);
        await Host.Events.Writer.WriteAsync(new SseItem<Transform>(new Transform { Id = 1, Name = "y" }) { EventId = "\"v2\"" }, guard.Token);
        Host.Events.Writer.Complete();

        (HttpResponseMessage response, byte[] body) = await Host.Client.GetAsync("/sse-items", "text/event-stream");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal(
            $"event: snapshot\ndata: {Json(new Transform { Id = 1, Name = "x" })}\nid: \"v1\"\nretry: 5000\n\n" +
            $"data: {Json(new Transform { Id = 1, Name = "y" })}\nid: \"v2\"\n\n",
            Encoding.UTF8.GetString(body));
        var parsed = new List<SseItem<Transform>>();
        await foreach (SseItem<Transform> item in SseParser.Create(new MemoryStream(body), (type, data) => Transform.CreateFromJson(data)).EnumerateAsync(guard.Token))
        {
            parsed.Add(item);
        }

        Assert.Equal(["snapshot", "message"], parsed.Select(p => p.EventType));
        Assert.Equal(["x", "y"], parsed.Select(p => p.Data.Name));
        Assert.Equal(["\"v1\"", "\"v2\""], parsed.Select(p => p.EventId));
    }

    [Theory]
    [InlineData("/events", "text/event-stream")]
    [InlineData("/lines", "application/jsonl")]
    public async Task ClientGoesAway_TheServerStopsEnumeratingTheSource(string url, string accept)
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        HttpResponseMessage response = await Host.Client.SendAsync(Requests.Create(HttpMethod.Get, url, accept), HttpCompletionOption.ResponseHeadersRead, guard.Token);
        Stream stream = await response.Content.ReadAsStreamAsync(guard.Token);
        await Host.Items.Writer.WriteAsync(new Transform { Id = 1 }, guard.Token);
        _ = await stream.ReadAsync(new byte[64], guard.Token);

        response.Dispose(); // closes the connection mid-stream

        bool cancelled = await Host.SourceEnded.Task.WaitAsync(guard.Token);
        Assert.True(cancelled, "the source ended without the request being aborted");
    }

    /// <summary>The generated writer's JSON of <paramref name="transform"/>, as text.</summary>
    private static string Json(Transform transform) => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(transform, JsonableFormat.Json));

    /// <summary>Reads up to and including the blank line that ends one event.</summary>
    private static async Task<string> ReadEventAsync(Stream stream, CancellationToken cancellationToken)
    {
        var bytes = new List<byte>();
        var one = new byte[1];
        while (bytes.Count < 2 || bytes[^1] != (byte)'\n' || bytes[^2] != (byte)'\n')
        {
            int read = await stream.ReadAsync(one, cancellationToken);
            Assert.True(read == 1, "the stream ended inside an event");
            bytes.Add(one[0]);
        }

        return Encoding.UTF8.GetString(bytes.ToArray());
    }
}

/// <summary>The event framing itself: what multi-line data and field values become on the wire.</summary>
public sealed class ServerSentEventFramingTests
{
    [Fact]
    public void DataWithLineBreaks_IsOneDataLinePerLine_AndParsesBackToTheSameLines()
    {
        var output = new System.Buffers.ArrayBufferWriter<byte>();

        Jsonable.AspNetCore.Internal.ServerSentEventWriter.WriteEvent(output, new SseItem<int>(0, "e") { EventId = "7" }, "{\n\"a\":1\r\n}\rx"u8);

        string wire = Encoding.UTF8.GetString(output.WrittenSpan);
        Assert.Equal("event: e\ndata: {\ndata: \"a\":1\ndata: }\ndata: x\nid: 7\n\n", wire);
        SseItem<string> parsed = SseParser.Create(new MemoryStream(output.WrittenSpan.ToArray()), (_, data) => Encoding.UTF8.GetString(data)).Enumerate().Single();
        Assert.Equal("{\n\"a\":1\n}\nx", parsed.Data);
    }

    [Theory]
    [InlineData("a\nevent: forged", null)]
    [InlineData(null, "1\r\ndata: forged")]
    public void FieldWithLineBreak_IsRefusedRatherThanSplitIntoForgedFields(string? eventType, string? eventId)
    {
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        SseItem<int> item;
        try
        {
            item = new SseItem<int>(0, eventType) { EventId = eventId };
        }
        catch (ArgumentException)
        {
            return; // SseItem itself refuses it (.NET 10 does): nothing can reach the wire
        }

        Assert.Throws<InvalidOperationException>(() => Jsonable.AspNetCore.Internal.ServerSentEventWriter.WriteEvent(output, item, "1"u8));
    }
}
