using System.Buffers;
using System.Text.Json;
using Jsonable.Samples.RealData;

namespace Jsonable.LoadTests;

/// <summary>How a scenario's request reaches the server: one column of every comparison.</summary>
/// <param name="Name">Short name used on the command line and in reports.</param>
/// <param name="Label">What the column means.</param>
/// <param name="RoutePrefix">The sample's route group.</param>
/// <param name="MediaType">What the client sends and accepts.</param>
internal sealed record WireFormat(string Name, string Label, string RoutePrefix, string MediaType)
{
    public const string Jmc1MediaType = "application/jsonc+jmc1";
    public const string JsonMediaType = "application/json";

    public static readonly WireFormat Jmc1 = new("jmc1", "Jsonable JMC1", "/minimal", Jmc1MediaType);
    public static readonly WireFormat Json = new("json", "Jsonable JSON", "/minimal", JsonMediaType);
    public static readonly WireFormat Stj = new("stj", "System.Text.Json", "/stj", JsonMediaType);
    public static readonly WireFormat Raw = new("raw", "pre-serialized bytes", "/raw", JsonMediaType);

    /// <summary>Every format, in report order; the last two are the baselines.</summary>
    public static readonly IReadOnlyList<WireFormat> All = [Jmc1, Json, Stj, Raw];

    public bool IsJmc1 => MediaType == Jmc1MediaType;

    /// <summary>Whether this is one of Jsonable's own columns (not a baseline).</summary>
    public bool IsJsonable => this == Jmc1 || this == Json;

    /// <summary>This format with Jsonable's columns under <paramref name="prefix"/> (another route group), the baselines unchanged.</summary>
    public WireFormat WithJsonablePrefix(string prefix) => IsJsonable ? this with { RoutePrefix = prefix } : this;

    /// <summary>
    /// This format as the sample's MVC controllers serve it: <c>/api</c> for Jsonable, <c>/stj/api</c> for System.Text.Json,
    /// <c>/raw/api</c> for the pre-serialized bytes (a controller too, so MVC's own cost is in every column).
    /// </summary>
    public WireFormat WithMvcPrefix() => IsJsonable ? this with { RoutePrefix = "/api" } : this with { RoutePrefix = RoutePrefix + "/api" };
}

/// <summary>One request shape as sent in one format.</summary>
internal sealed record ScenarioRequest(HttpMethod Method, string PathAndQuery, string Accept, string? ContentType, byte[]? Body)
{
    public static ScenarioRequest Get(WireFormat format, string path) =>
        new(HttpMethod.Get, format.RoutePrefix + path, format.MediaType, null, null);

    public static ScenarioRequest Send(HttpMethod method, WireFormat format, string path, RequestBody body) =>
        new(method, format.RoutePrefix + path, format.MediaType, format.MediaType, body.For(format));

    /// <summary>
    /// A PATCH: JMC1 is sent as JMC1, JSON as <c>application/merge-patch+json</c> (RFC 7396, what a client sends); the
    /// answer is asked for in the format's media type.
    /// </summary>
    public static ScenarioRequest Patch(WireFormat format, string path, RequestBody body) =>
        new(HttpMethod.Patch, format.RoutePrefix + path, format.MediaType, format.IsJmc1 ? format.MediaType : MergePatchMediaType, body.For(format));

    public const string MergePatchMediaType = "application/merge-patch+json";
}

/// <summary>A request body in both encodings a client can send.</summary>
internal sealed record RequestBody(byte[] Json, byte[] Jmc1)
{
    public byte[] For(WireFormat format) => format.IsJmc1 ? Jmc1 : Json;
}

/// <summary>A scenario in NBomber's sense: one request shape, run under a load simulation in every format.</summary>
/// <param name="Name">Short name used on the command line and in reports.</param>
/// <param name="Description">What one request does.</param>
/// <param name="Request">The request in a given format.</param>
/// <param name="OnlyIn">The formats it runs in when not all (a route a baseline lacks); null for all.</param>
internal sealed record Scenario(string Name, string Description, Func<WireFormat, ScenarioRequest> Request, IReadOnlyList<WireFormat>? OnlyIn = null)
{
    /// <summary>Whether the scenario runs in <paramref name="format"/>.</summary>
    public bool RunsIn(WireFormat format) => OnlyIn is null || OnlyIn.Contains(format);
}

/// <summary>The scenarios, built from the real data the sample serves.</summary>
internal static class ScenarioCatalog
{
    /// <summary>
    /// Every scenario, in report order. A new one is a line here: a name, what it does, and the request per format,
    /// with <c>OnlyIn</c> where the baselines have no such route.
    /// </summary>
    public static IReadOnlyList<Scenario> Create(TestData data) =>
    [
        new("get-status", "GET one status (≈ 3.2 KB of JSON)", f => ScenarioRequest.Get(f, $"/statuses/{data.FirstStatusId}")),
        new("get-statuses-10", "GET 10 statuses (≈ 41 KB)", f => ScenarioRequest.Get(f, "/statuses?limit=10")),
        new("get-statuses-100", "GET 100 statuses (≈ 477 KB)", f => ScenarioRequest.Get(f, "/statuses?limit=100")),
        new("get-citm", "GET the citm catalog (≈ 500 KB, mostly numbers and dictionaries)", f => ScenarioRequest.Get(f, "/citm")),
        new("post-status", "POST one status: read, stored, written back (201)", f =>
            ScenarioRequest.Send(HttpMethod.Post, f, f == WireFormat.Raw ? "/echo" : "/statuses", data.FirstStatus)),

        // The same small resource as written for System.Text.Json alone (TypedResults.Ok, a plain body; no ETag), and
        // through MVC controllers, where the STJ column is a controller too (JsonResult with the same context).
        new("get-status-plain", "GET one status from a plain TypedResults.Ok endpoint", f =>
            ScenarioRequest.Get(f.WithJsonablePrefix("/plain"), $"/statuses/{data.FirstStatusId}")),
        // Status lives in a models library without Jsonable.AspNetCore, so it has no generated BindAsync: its plain body
        // is read through the app's JSON options, which read JSON only.
        new("post-status-plain", "POST one status to a plain (Status status) endpoint (201)", f =>
            ScenarioRequest.Send(HttpMethod.Post, f.WithJsonablePrefix("/plain"), f == WireFormat.Raw ? "/echo" : "/statuses", data.FirstStatus),
            OnlyIn: [WireFormat.Json, WireFormat.Stj, WireFormat.Raw]),
        new("get-status-mvc", "GET one status from an MVC controller (ETag on Jsonable's)", f =>
            ScenarioRequest.Get(f.WithMvcPrefix(), $"/statuses/{data.FirstStatusId}")),
        new("post-status-mvc", "POST one status to an MVC controller (201)", f =>
            ScenarioRequest.Send(HttpMethod.Post, f.WithMvcPrefix(), f == WireFormat.Raw ? "/echo" : "/statuses", data.FirstStatus)),
        new("post-statuses-100", "POST the 100-status search result: read and echoed, not stored", f =>
            ScenarioRequest.Send(HttpMethod.Post, f, f == WireFormat.Raw ? "/echo" : "/twitter/echo", data.TwitterSearch)),

        // The sample has PATCH routes only in Jsonable (its generated merge reader); STJ has no merge reader of its own
        // (the sample has no hand-written one), and a body that must be merged has no pre-serialized answer. No If-Match: every copy
        // PATCHes the same transform, so the store's compare-and-swap retries are part of what is measured.
        new("patch-position", "PATCH one member (a transform's position, the bytes of ToJsonUtf8_Position): merged, stored, the whole transform written back", f =>
            ScenarioRequest.Patch(f, $"/transforms/{TestData.PatchedTransformId}", data.TransformPosition), OnlyIn: [WireFormat.Jmc1, WireFormat.Json]),
    ];
}

/// <summary>The bodies the scenarios send, made from data/twitter.json (compact JSON, as a client sends it).</summary>
internal sealed class TestData
{
    /// <summary>The seeded transform the PATCH scenario changes.</summary>
    public const long PatchedTransformId = 1;

    private TestData(long firstStatusId, RequestBody firstStatus, RequestBody twitterSearch, RequestBody transformPosition)
    {
        FirstStatusId = firstStatusId;
        FirstStatus = firstStatus;
        TwitterSearch = twitterSearch;
        TransformPosition = transformPosition;
    }

    /// <summary>The id of the server's first status (asked of the server, so any deployment of the sample works).</summary>
    public long FirstStatusId { get; }

    /// <summary>That status, which a POST writes back unchanged, so the stored data stay the same run after run.</summary>
    public RequestBody FirstStatus { get; }

    /// <summary>The whole search result (100 statuses and their metadata).</summary>
    public RequestBody TwitterSearch { get; }

    /// <summary>
    /// A merge patch of transform <see cref="PatchedTransformId"/>'s position to the position it already has (asked of
    /// the server), written by the generated partial writer; the stored data stay the same run after run.
    /// </summary>
    public RequestBody TransformPosition { get; }

    public static async Task<TestData> LoadAsync(HttpClient client, CancellationToken cancellationToken)
    {
        string dataDirectory = Path.Combine(AppContext.BaseDirectory, "data");
        TwitterRoot search = TwitterRoot.CreateFromJson(await File.ReadAllBytesAsync(Path.Combine(dataDirectory, "twitter.json"), cancellationToken));

        using HttpResponseMessage response = await client.GetAsync("/stj/statuses?limit=1", cancellationToken);
        response.EnsureSuccessStatusCode();
        List<Status> first = JsonSerializer.Deserialize(await response.Content.ReadAsByteArrayAsync(cancellationToken), RealDataJsonContext.Default.ListStatus)
            ?? throw new InvalidOperationException("/stj/statuses?limit=1 returned null.");
        Status status = first.Count == 1 ? first[0] : throw new InvalidOperationException("The server has no statuses.");

        using HttpRequestMessage transformRequest = new(HttpMethod.Get, $"/minimal/transforms/{PatchedTransformId}");
        transformRequest.Headers.Accept.ParseAdd(WireFormat.JsonMediaType);
        using HttpResponseMessage transformResponse = await client.SendAsync(transformRequest, cancellationToken);
        transformResponse.EnsureSuccessStatusCode();
        Transform transform = Transform.CreateFromJson(await transformResponse.Content.ReadAsByteArrayAsync(cancellationToken));

        return new TestData(
            status.id,
            new RequestBody(JsonSerializer.SerializeToUtf8Bytes(status, RealDataJsonContext.Default.Status), status.ToJsonable().ToArray()),
            new RequestBody(JsonSerializer.SerializeToUtf8Bytes(search, RealDataJsonContext.Default.TwitterRoot), search.ToJsonable().ToArray()),
            new RequestBody(PositionPatch(transform, emitMetadataComments: false), PositionPatch(transform, emitMetadataComments: true)));
    }

    /// <summary><c>{"position":[...]}</c>: plain JSON, or JMC1 with its length comments.</summary>
    private static byte[] PositionPatch(Transform transform, bool emitMetadataComments)
    {
        var buffer = new ArrayBufferWriter<byte>();
        transform.ToJsonUtf8_Position(buffer, emitMetadataComments);
        return buffer.WrittenSpan.ToArray();
    }
}
