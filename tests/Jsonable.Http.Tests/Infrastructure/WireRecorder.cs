namespace Jsonable.Http.Tests.Infrastructure;

/// <summary>One request as it left the client and the response as it arrived, headers as sent on the wire.</summary>
public sealed record WireExchange(
    HttpMethod Method,
    string? Accept,
    string? ContentType,
    byte[]? RequestBody,
    int StatusCode,
    string? ResponseContentType);

/// <summary>A handler between the client and the server that records each exchange.</summary>
public sealed class WireRecorder : DelegatingHandler
{
    private readonly List<WireExchange> _exchanges = [];

    /// <summary>Every exchange so far, oldest first.</summary>
    public IReadOnlyList<WireExchange> Exchanges => _exchanges;

    /// <summary>The only exchange (fails when there is not exactly one).</summary>
    public WireExchange Single => Assert.Single(_exchanges);

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        byte[]? body = request.Content is null ? null : await request.Content.ReadAsByteArrayAsync(cancellationToken);
        HttpResponseMessage response = await base.SendAsync(request, cancellationToken);
        _exchanges.Add(new WireExchange(
            request.Method,
            request.Headers.TryGetValues("Accept", out IEnumerable<string>? accept) ? string.Join(", ", accept) : null,
            request.Content?.Headers.ContentType?.ToString(),
            body,
            (int)response.StatusCode,
            response.Content.Headers.ContentType?.MediaType));
        return response;
    }
}

/// <summary>Clients of the sample that record what they send and receive.</summary>
public static class RecordingClients
{
    /// <summary>A client whose every exchange is recorded (what went on the wire, what came back).</summary>
    public static (HttpClient Client, WireRecorder Wire) CreateRecordingClient(this SampleApiFactory factory)
    {
        var recorder = new WireRecorder();
        return (factory.CreateDefaultClient(recorder), recorder);
    }
}
