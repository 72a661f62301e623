using System.Net;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;

namespace Jsonable.Integration.Tests.Shapes;

/// <summary>Both OpenAPI documents of a test app (Microsoft.AspNetCore.OpenApi and Swashbuckle), read as their <c>paths</c>.</summary>
internal static class OpenApiDocuments
{
    /// <summary>The two documents' paths, for <c>[MemberData]</c>.</summary>
    public static TheoryData<string> All => new() { "/openapi/v1.json", "/swagger/v1/swagger.json" };

    /// <summary>Requests the document at <paramref name="documentPath"/>, asserts a 200, and returns its <c>paths</c> object.</summary>
    public static async Task<JsonNode> PathsAsync(WebApplication app, string documentPath)
    {
        HttpClient client = app.GetTestClient();
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(documentPath, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        return JsonNode.Parse(body)!["paths"]!;
    }

    /// <summary>The media types a request body or response lists, in order.</summary>
    public static string[] MediaTypes(JsonNode? bodyOrResponse) =>
        bodyOrResponse?["content"]?.AsObject().Select(p => p.Key).Order(StringComparer.Ordinal).ToArray() ?? [];
}
