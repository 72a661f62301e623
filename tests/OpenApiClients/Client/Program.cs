// Plays a user of the sample's OpenAPI documents: four generated C# clients (NSwag and Kiota, each from Swashbuckle's
// swagger.json and from Microsoft.AspNetCore.OpenApi's openapi/v1.json) create a transform, read it back and PATCH one
// member of it, on the MVC and the minimal-API routes; the stored resource is then read with a plain HttpClient and
// must have exactly that member changed. Run by .ci/openapi-clients with the sample's base URL.
using System.Net.Http.Json;
using System.Text.Json.Nodes;
using Microsoft.Kiota.Abstractions.Authentication;
using Microsoft.Kiota.Http.HttpClientLibrary;

if (args.Length != 1)
{
    Console.Error.WriteLine("usage: OpenApiClients <sample base URL>");
    return 2;
}

var wire = new WireLog { InnerHandler = new HttpClientHandler() };
var http = new HttpClient(wire) { BaseAddress = new Uri(args[0]) };
var plain = new HttpClient { BaseAddress = new Uri(args[0]) };
IClientUnderTest[] clients =
[
    new NSwagSwaggerClient(new Gen.NSwagSwagger.SampleClient(http)),
    new NSwagOpenApiClient(new Gen.NSwagOpenApi.SampleClient(http)),
    new KiotaSwaggerClient(new Gen.KiotaSwagger.SampleClient(new HttpClientRequestAdapter(new AnonymousAuthenticationProvider(), httpClient: http) { BaseUrl = args[0] })),
    new KiotaOpenApiClient(new Gen.KiotaOpenApi.SampleClient(new HttpClientRequestAdapter(new AnonymousAuthenticationProvider(), httpClient: http) { BaseUrl = args[0] })),
];

int passed = 0, failed = 0;
foreach (IClientUnderTest client in clients)
{
    foreach (string stack in new[] { "api", "minimal" })
    {
        string where = $"{client.Name} /{stack}";
        try
        {
            string name = $"{client.Name}-{stack}-{Guid.NewGuid():N}";
            long id = await client.CreateAsync(stack, name);
            string read = await client.GetNameAsync(stack, id);
            Check(read == name, $"GET after POST read name {read}, not {name}");

            wire.Clear();
            await client.PatchNameAsync(stack, id, name + "-patched");
            (string contentType, string body) = wire.Last("PATCH");

            JsonObject stored = (await plain.GetFromJsonAsync<JsonObject>($"/{stack}/transforms/{id}"))!;
            Check(stored["id"]!.GetValue<long>() == id, $"the id changed: {stored}");
            Check(stored["name"]!.GetValue<string>() == name + "-patched", $"the name was not patched: {stored}");
            Check(JsonNode.DeepEquals(stored["position"], new JsonArray(1, 2, 3)), $"position changed: {stored}");
            Check(JsonNode.DeepEquals(stored["tags"], new JsonArray("t")), $"tags changed: {stored}");
            Check(stored["counters"]?["hits"]?.GetValue<int>() == 7, $"counters changed: {stored}");
            Console.WriteLine($"works  {where}: GET, POST, PATCH; the PATCH sent {contentType} {body}");
            passed++;
        }
        catch (Exception e)
        {
            Console.WriteLine($"FAILS  {where}: {e.GetType().Name}: {e.Message.Split('\n')[0]}");
            failed++;
        }
    }
}

Console.WriteLine($"openapi-clients: {passed} of {passed + failed} client runs work");
return failed == 0 ? 0 : 1;

static void Check(bool condition, string message)
{
    if (!condition)
    {
        throw new InvalidOperationException(message);
    }
}

/// <summary>What the clients do, whatever generated them.</summary>
internal interface IClientUnderTest
{
    string Name { get; }

    /// <summary>POSTs a transform with position [1,2,3], tags ["t"], counters {"hits":7}; returns its id.</summary>
    Task<long> CreateAsync(string stack, string name);

    Task<string> GetNameAsync(string stack, long id);

    /// <summary>PATCHes only the name, as a user of the generated client would: a patch object with one member set.</summary>
    Task PatchNameAsync(string stack, long id, string name);
}

/// <summary>Records each request's method, content type and body, so the report can say what a PATCH sent.</summary>
internal sealed class WireLog : DelegatingHandler
{
    private readonly List<(string Method, string ContentType, string Body)> _requests = [];

    public void Clear() => _requests.Clear();

    public (string ContentType, string Body) Last(string method)
    {
        (string _, string contentType, string body) = _requests.Last(r => r.Method == method);
        return (contentType, body);
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        string body = request.Content is null ? string.Empty : await request.Content.ReadAsStringAsync(cancellationToken);
        _requests.Add((request.Method.Method, request.Content?.Headers.ContentType?.ToString() ?? "-", body));
        return await base.SendAsync(request, cancellationToken);
    }
}
