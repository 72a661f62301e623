using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>Assertions on what a client sees in a response: status, media type, headers and problem details.</summary>
public static class HttpAssert
{
    /// <summary>Asserts the status code, showing the body when it differs.</summary>
    public static async Task StatusAsync(HttpStatusCode expected, HttpResponseMessage response)
    {
        if (response.StatusCode != expected)
        {
            string body = await response.Content.ReadAsStringAsync();
            Assert.Fail($"Expected {(int)expected} {expected} but got {(int)response.StatusCode} {response.StatusCode}; Content-Type '{response.Content.Headers.ContentType}'; body: {Truncate(body)}");
        }
    }

    /// <summary>Asserts the media type of the response's Content-Type (parameters such as charset are ignored).</summary>
    public static void MediaType(string expected, HttpResponseMessage response)
        => Assert.Equal(expected, response.Content.Headers.ContentType?.MediaType);

    /// <summary>Asserts that the response says its body depends on the Accept header.</summary>
    public static void VaryAccept(HttpResponseMessage response)
        => Assert.Contains(response.Headers.Vary, v => string.Equals(v, "Accept", StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// Asserts an RFC 9457 problem-details response with <paramref name="status"/> and returns its parsed body.
    /// </summary>
    public static async Task<JsonElement> ProblemAsync(HttpStatusCode status, HttpResponseMessage response)
    {
        await StatusAsync(status, response);
        MediaType("application/problem+json", response);
        using JsonDocument document = JsonDocument.Parse(await response.Content.ReadAsByteArrayAsync());
        JsonElement root = document.RootElement.Clone();
        Assert.Equal((int)status, root.GetProperty("status").GetInt32());
        return root;
    }

    /// <summary>
    /// Asserts a 400 validation problem whose <c>errors</c> has <paramref name="key"/>, and returns that entry's messages.
    /// </summary>
    public static async Task<string[]> ValidationErrorAsync(string key, HttpResponseMessage response)
    {
        JsonElement problem = await ProblemAsync(HttpStatusCode.BadRequest, response);
        Assert.True(problem.TryGetProperty("errors", out JsonElement errors), "No 'errors' in " + problem.GetRawText());
        Assert.True(errors.TryGetProperty(key, out JsonElement messages), $"No error keyed '{key}' in " + errors.GetRawText());
        string[] result = messages.EnumerateArray().Select(m => m.GetString() ?? string.Empty).ToArray();
        Assert.NotEmpty(result);
        return result;
    }

    /// <summary>Whether the response's Content-Type is one of the JSON media types a client asking for JSON accepts.</summary>
    public static void IsPlainJson(HttpResponseMessage response, byte[] body, string expectedMediaType = "application/json")
    {
        MediaType(expectedMediaType, response);
        MediaTypeHeaderValue contentType = response.Content.Headers.ContentType!;
        Assert.True(contentType.CharSet is null || contentType.CharSet.Equals("utf-8", StringComparison.OrdinalIgnoreCase), "charset " + contentType.CharSet);
        Assert.False(Jmc1Oracle.StartsWithHeader(body), "A JSON response starts with the JMC1 header.");
        using JsonDocument document = JsonDocument.Parse(body); // strict: no comments allowed
    }

    /// <summary>Asserts a JMC1 response: its media type, its header, and comments that strip down to JSON.</summary>
    public static void IsJmc1(HttpResponseMessage response, byte[] body)
    {
        MediaType("application/jsonc+jmc1", response);
        Assert.True(Jmc1Oracle.StartsWithHeader(body), "The body does not start with /*JMC1*/: " + Truncate(System.Text.Encoding.Latin1.GetString(body)));
        using JsonDocument document = JsonDocument.Parse(Jmc1Oracle.StripComments(body));
    }

    private static string Truncate(string text) => text.Length <= 600 ? text : text[..600] + "...";
}
