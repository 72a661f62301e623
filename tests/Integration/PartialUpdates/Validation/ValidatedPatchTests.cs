using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.PartialUpdates.Validation;

/// <summary>
/// A merge patch's result is validated before it is committed: <c>null</c> for a non-nullable reference member is a 400
/// keyed by its JSON path (as System.Text.Json's <c>RespectNullableAnnotations</c> keys it), DataAnnotations and
/// <c>IValidatableObject</c> failures are 400s keyed as a request body's are, and on any error the stored order is
/// unchanged. Same status, media type and keys on MVC and minimal APIs, for JSON and JMC1 patches, with and without
/// <c>AddValidation()</c>.
/// </summary>
public sealed class ValidatedPatchTests : IAsyncLifetime
{
    private WebApplication? _plain;
    private WebApplication? _withValidation;
    private int _nextId;

    public static TheoryData<string, string[]> InvalidPatches => new()
    {
        { """{"customer":null}""", ["$.customer"] },
        { """{"quantity":3,"shipTo":{"city":null}}""", ["$.shipTo.city"] },
        { """{"quantity":500}""", ["Quantity"] },
        { """{"customer":"","quantity":3}""", ["Customer"] },
        { """{"quantity":3,"shipTo":{"city":""}}""", ["ShipTo.City"] },
        { """{"lines":[{"sku":"B-2","quantity":1},{"sku":"","quantity":0}]}""", ["Lines[1].Quantity", "Lines[1].Sku"] },
        { """{"note":"forbidden","quantity":3}""", ["Note"] },
    };

    /// <summary>Whole orders with the same faults as the DataAnnotations patches above, sent as plain bodies.</summary>
    public static TheoryData<string, string[]> InvalidWholeOrders => new()
    {
        { """{"id":1,"customer":"Ada","quantity":500}""", ["Quantity"] },
        { """{"id":1,"customer":"","quantity":3}""", ["Customer"] },
        { """{"id":1,"customer":"Ada","quantity":3,"shipTo":{"city":""}}""", ["ShipTo.City"] },
        { """{"id":1,"customer":"Ada","quantity":3,"lines":[{"sku":"B-2","quantity":1},{"sku":"","quantity":0}]}""", ["Lines[1].Quantity", "Lines[1].Sku"] },
        { """{"id":1,"customer":"Ada","quantity":3,"note":"forbidden"}""", ["Note"] },
    };

    public async Task InitializeAsync()
    {
        _plain = await ValidatedPatchApp.StartAsync(addValidation: false);
        _withValidation = await ValidatedPatchApp.StartAsync(addValidation: true);
    }

    public async Task DisposeAsync()
    {
        foreach (WebApplication? app in new[] { _plain, _withValidation })
        {
            if (app is not null)
            {
                await app.DisposeAsync();
            }
        }
    }

    [Theory]
    [MemberData(nameof(InvalidPatches))]
    public async Task InvalidMerge_Is400WithTheSameKeysOnEveryStackFormatAndValidation_AndChangesNothing(string patch, string[] expectedKeys)
    {
        var answers = new List<string>();
        foreach ((HttpClient client, string app) in Clients())
        {
            foreach (string stack in new[] { "/mvc/patch-orders", "/min/patch-orders" })
            {
                foreach (string format in new[] { "json", "jmc1" })
                {
                    string url = $"{stack}/{Interlocked.Increment(ref _nextId)}";
                    string before = await GetJsonAsync(client, url);

                    (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Patch, url, Accept(format), Requests.Body(Encode(patch, format), ContentType(format)));

                    string where = $"{app} {stack} {format}: {Encoding.UTF8.GetString(body)}";
                    Assert.True(response.StatusCode == HttpStatusCode.BadRequest, where);
                    Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.ToString());
                    Assert.Equal(expectedKeys, ErrorKeys(body));
                    Assert.Equal(before, await GetJsonAsync(client, url));
                    answers.Add($"{(int)response.StatusCode} {response.Content.Headers.ContentType} {string.Join(",", ErrorKeys(body))}");
                }
            }
        }

        Assert.Single(answers.Distinct());
    }

    [Theory]
    [MemberData(nameof(InvalidWholeOrders))]
    public async Task WholeInvalidOrderAsABody_HasTheKeysTheEquivalentPatchGets(string order, string[] expectedKeys)
    {
        // MVC validates a bound body itself; a minimal-API plain body is validated by AddValidation().
        foreach ((HttpClient client, string url) in new[] { (_plain!.GetTestClient(), "/mvc/patch-orders"), (_withValidation!.GetTestClient(), "/mvc/patch-orders"), (_withValidation!.GetTestClient(), "/min/patch-orders") })
        {
            (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Post, url, JsonType, Requests.Body(Encoding.UTF8.GetBytes(order), JsonType));

            Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{url}: {Encoding.UTF8.GetString(body)}");
            Assert.Equal(expectedKeys, ErrorKeys(body));
        }
    }

    [Theory]
    [MemberData(nameof(Stacks.BasesAndFormats), MemberType = typeof(Stacks))]
    public async Task ValidMerge_IsStored(string basePath, string format)
    {
        string stack = basePath == "/api" ? "/mvc/patch-orders" : "/min/patch-orders";
        foreach ((HttpClient client, string app) in Clients())
        {
            string url = $"{stack}/{Interlocked.Increment(ref _nextId)}";
            const string patch = """{"quantity":7,"note":null,"shipTo":{"street":null},"lines":[{"sku":"C-3","quantity":9}]}""";

            (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Patch, url, JsonType, Requests.Body(Encode(patch, format), ContentType(format)));

            Assert.True(response.StatusCode == HttpStatusCode.OK, $"{app}: {Encoding.UTF8.GetString(body)}");
            JsonNode stored = JsonNode.Parse(await GetJsonAsync(client, url))!;
            Assert.Equal(7, (int)stored["quantity"]!);
            Assert.Equal("Oslo", (string)stored["shipTo"]!["city"]!);
            Assert.Null(stored["shipTo"]!["street"]);
            Assert.Equal("C-3", (string)stored["lines"]![0]!["sku"]!);
        }
    }

    private IEnumerable<(HttpClient Client, string App)> Clients() =>
        [(_plain!.GetTestClient(), "without AddValidation"), (_withValidation!.GetTestClient(), "with AddValidation")];

    private static async Task<string> GetJsonAsync(HttpClient client, string url)
    {
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(url, JsonType);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return Encoding.UTF8.GetString(body);
    }

    private static string[] ErrorKeys(byte[] problem)
    {
        using JsonDocument document = JsonDocument.Parse(problem);
        return document.RootElement.TryGetProperty("errors", out JsonElement errors)
            ? [.. errors.EnumerateObject().Select(e => e.Name).Order(StringComparer.Ordinal)]
            : [];
    }
}
