using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Http.Tests;

/// <summary>
/// The client extensions against the sample API (MVC under <c>/api</c>, minimal APIs under <c>/minimal</c>) in both
/// formats: what they read equals, as data, what System.Text.Json reads from the same routes, and what they write is
/// stored as sent.
/// </summary>
public sealed class SampleRoundTripTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private static readonly RealDataJsonContext s_stj = RealDataJsonContext.Default;

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task GetFromJsonable_OneStatus_EqualsWhatSystemTextJsonReads(string basePath, JsonableFormat format)
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();
        long id = factory.Store.ListStatuses(5)[4].id;

        Status? actual = await client.GetFromJsonableAsync<Status>($"{basePath}/statuses/{id}", Options(format));
        Status? expected = await factory.CreateClient().GetFromJsonAsync($"{basePath}/statuses/{id}", s_stj.Status);

        AssertSameData(expected, actual, s_stj.Status);
        AssertNegotiated(format, wire.Single);
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task GetFromJsonable_ListsOfStatusesAndEvents_EqualWhatSystemTextJsonReads(string basePath, JsonableFormat format)
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();

        List<Status>? statuses = await client.GetFromJsonableAsync<List<Status>>($"{basePath}/statuses?limit=7", Options(format));
        CitmEvent[]? events = await client.GetFromJsonableAsync<CitmEvent[]>($"{basePath}/events?limit=40", Options(format));

        HttpClient stj = factory.CreateClient();
        AssertSameData(await stj.GetFromJsonAsync($"{basePath}/statuses?limit=7", s_stj.ListStatus), statuses, s_stj.ListStatus);
        AssertSameData(await stj.GetFromJsonAsync($"{basePath}/events?limit=40", s_stj.ListCitmEvent), events?.ToList(), s_stj.ListCitmEvent);
        Assert.Equal(7, statuses!.Count);
        Assert.Equal(40, events!.Length);
        Assert.Equal(2, wire.Exchanges.Count); // Assert.All passes on nothing recorded
        Assert.All(wire.Exchanges, exchange => AssertNegotiated(format, exchange));
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PostAsJsonable_NewStatus_Is201AndStoredAsSent(string basePath, JsonableFormat format)
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();
        Status status = CopyOfStatus(0);
        status.id = 9_000_000_000_000_000_000 + (basePath.Length * 10) + (int)format;
        status.id_str = status.id.ToString(System.Globalization.CultureInfo.InvariantCulture);
        status.text = $"posted through Jsonable.Http as {format}: \"quotes\", \\ and ünïcödé";

        using HttpResponseMessage response = await client.PostAsJsonableAsync($"{basePath}/statuses", status, Options(format));

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Status? echoed = await response.ReadFromJsonableAsync<Status>();
        AssertSameData(status, echoed, s_stj.Status);
        AssertSameData(status, await factory.CreateClient().GetFromJsonAsync($"{basePath}/statuses/{status.id}", s_stj.Status), s_stj.Status);
        AssertSent(format, wire.Single, JsonableSerializer.SerializeToUtf8Bytes(status, format));
    }

    [Theory]
    [MemberData(nameof(SampleStacks.BasesAndFormats), MemberType = typeof(SampleStacks))]
    public async Task PutAsJsonable_ChangedEvent_Is200AndStoredAsSent(string basePath, JsonableFormat format)
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();
        CitmEvent citmEvent = factory.Store.ListEvents(10)[basePath.Length % 10]; // a different event per base path
        citmEvent.name = $"renamed through Jsonable.Http as {format}";
        citmEvent.topicIds = [1, 2, 3];

        using HttpResponseMessage response = await client.PutAsJsonableAsync($"{basePath}/events/{citmEvent.id}", citmEvent, Options(format));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        AssertSameData(citmEvent, await response.ReadFromJsonableAsync<CitmEvent>(), s_stj.CitmEvent);
        AssertSameData(citmEvent, await factory.CreateClient().GetFromJsonAsync($"{basePath}/events/{citmEvent.id}", s_stj.CitmEvent), s_stj.CitmEvent);
        AssertSent(format, wire.Single, JsonableSerializer.SerializeToUtf8Bytes(citmEvent, format));
    }

    [Fact]
    public async Task DefaultOptions_AskForJmc1AndSendJmc1()
    {
        (HttpClient client, WireRecorder wire) = factory.CreateRecordingClient();
        Status status = CopyOfStatus(1);

        await client.GetFromJsonableAsync<Status>($"/api/statuses/{status.id}");
        using HttpResponseMessage put = await client.PutAsJsonableAsync($"/api/statuses/{status.id}", status);

        Assert.Equal(HttpStatusCode.OK, put.StatusCode);
        Assert.Equal(2, wire.Exchanges.Count);
        AssertNegotiated(JsonableFormat.Jmc1, wire.Exchanges[0]);
        AssertSent(JsonableFormat.Jmc1, wire.Exchanges[1], status.ToJsonable().ToArray());
    }

    private Status CopyOfStatus(int index) => Status.CreateFromJson(factory.Store.GetStatusJson(factory.Store.ListStatuses(index + 1)[index].id));

    private static JsonableHttpOptions Options(JsonableFormat format) => new() { Format = format };

    private static void AssertSameData<T>(T? expected, T? actual, JsonTypeInfo<T> typeInfo)
    {
        Assert.NotNull(expected);
        Assert.NotNull(actual);
        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(expected, typeInfo), JsonSerializer.SerializeToUtf8Bytes(actual, typeInfo));
    }

    /// <summary>The client asked for the format, and the server answered in it (so the matching generated reader ran).</summary>
    private static void AssertNegotiated(JsonableFormat format, WireExchange exchange)
    {
        Assert.Equal(format == JsonableFormat.Jmc1 ? "application/jsonc+jmc1, application/json; q=0.9" : "application/json", exchange.Accept);
        Assert.Equal(format == JsonableFormat.Jmc1 ? "application/jsonc+jmc1" : "application/json", exchange.ResponseContentType);
    }

    private static void AssertSent(JsonableFormat format, WireExchange exchange, byte[] expectedBody)
    {
        AssertNegotiated(format, exchange);
        Assert.Equal(format == JsonableFormat.Jmc1 ? "application/jsonc+jmc1" : "application/json; charset=utf-8", exchange.ContentType);
        Assert.Equal(expectedBody, exchange.RequestBody);
    }
}
