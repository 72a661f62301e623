using System.Net;
using System.Text.Json;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Negotiation;

/// <summary>
/// The Accept matrix, for MVC controllers (<c>/api</c>) and minimal APIs (<c>/minimal</c>): JMC1 only when the client
/// asks for it, JSON for everyone else, 406 problem details when nothing fits (the sample opts into 406 on both stacks;
/// <see cref="DefaultNotAcceptableTests"/> covers the default), <c>Vary: Accept</c> and <c>?format=</c>.
/// </summary>
public sealed class NegotiationTests(SampleApiFactory factory) : IClassFixture<SampleApiFactory>
{
    private const string Jmc1 = "application/jsonc+jmc1";

    public static TheoryData<string, string> Endpoints => new()
    {
        { "/api", "item" },
        { "/api", "list" },
        { "/minimal", "item" },
        { "/minimal", "list" },
    };

    public static TheoryData<string, string, string> Jmc1Accepts => Cross(
        Jmc1,
        "application/jsonc+jmc1;q=0.9, application/json;q=0.5",
        "application/json;q=0.5, application/jsonc+jmc1",
        "application/xml, application/jsonc+jmc1");

    public static TheoryData<string, string, string> JsonAccepts => Cross(
        "application/json",
        "*/*",
        "application/*",
        Requests.BrowserAccept,
        "application/jsonc+jmc1;q=0.5, application/json;q=0.9",
        "application/json, application/jsonc+jmc1;q=0.1",
        "application/jsonc+jmc1;q=0, */*");

    [Theory]
    [MemberData(nameof(Jmc1Accepts))]
    public async Task Get_AcceptAllowingJmc1First_AnswersJmc1(string basePath, string resource, string accept)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(Url(basePath, resource), accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsJmc1(response, body);
        AssertHoldsStatuses(Jmc1Oracle.StripComments(body), resource);
    }

    [Theory]
    [MemberData(nameof(JsonAccepts))]
    public async Task Get_AcceptPreferringJson_AnswersJson(string basePath, string resource, string accept)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(Url(basePath, resource), accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
        AssertHoldsStatuses(body, resource);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_NoAccept_AnswersJson(string basePath, string resource)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(Url(basePath, resource), accept: null);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
        AssertHoldsStatuses(body, resource);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_AcceptTextJson_AnswersJsonLabelledTextJson(string basePath, string resource)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(Url(basePath, resource), "text/json");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body, expectedMediaType: "text/json");
        AssertHoldsStatuses(body, resource);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_AcceptNothingProducible_Answers406ProblemDetails(string basePath, string resource)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync(Url(basePath, resource), "application/xml");

        await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
    }

    // The sample once answered ?format=xml with 404 in MVC (a global FormatFilter) and 406 in minimal APIs.
    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_FormatJsonableDoesNotWrite_Answers406ProblemDetailsOnBothStacks(string basePath, string resource)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync(WithFormat(Url(basePath, resource), "xml"), "application/json");

        await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
    }

    // RFC 9110 §12.4.2: q=0 means "not acceptable". MVC's own formatter selection treats it as merely least
    // preferred; Jsonable's filter makes MVC answer as minimal APIs do.
    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_AcceptJsonWithQualityZero_Answers406ProblemDetails(string basePath, string resource)
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().GetAsync(Url(basePath, resource), "application/json;q=0, text/plain");

        await HttpAssert.ProblemAsync(HttpStatusCode.NotAcceptable, response);
        HttpAssert.VaryAccept(response);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_EitherFormat_SendsVaryAccept(string basePath, string resource)
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage json, _) = await client.GetAsync(Url(basePath, resource), "application/json");
        (HttpResponseMessage jmc1, _) = await client.GetAsync(Url(basePath, resource), Jmc1);

        // The negotiated 200s, not an error that happens to carry the header too.
        await HttpAssert.StatusAsync(HttpStatusCode.OK, json);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, jmc1);
        HttpAssert.MediaType("application/json", json);
        HttpAssert.MediaType(Jmc1, jmc1);
        HttpAssert.VaryAccept(json);
        HttpAssert.VaryAccept(jmc1);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_FormatJmc1QueryParameter_AnswersJmc1(string basePath, string resource)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(WithFormat(Url(basePath, resource), "jmc1"), accept: null);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsJmc1(response, body);
        AssertHoldsStatuses(Jmc1Oracle.StripComments(body), resource);
    }

    [Theory]
    [MemberData(nameof(Endpoints))]
    public async Task Get_FormatJsonQueryParameter_AnswersJsonEvenToAJmc1Accept(string basePath, string resource)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync(WithFormat(Url(basePath, resource), "json"), "application/jsonc+jmc1, */*;q=0.1");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
        AssertHoldsStatuses(body, resource);
    }

    private string Url(string basePath, string resource) => resource == "item"
        ? $"{basePath}/statuses/{factory.FirstStatusId}"
        : $"{basePath}/statuses?limit=3";

    private static string WithFormat(string url, string format) => url + (url.Contains('?') ? "&" : "?") + "format=" + format;

    private void AssertHoldsStatuses(byte[] json, string resource)
    {
        using JsonDocument document = JsonDocument.Parse(json);
        if (resource == "item")
        {
            Assert.Equal(factory.FirstStatusId, document.RootElement.GetProperty("id").GetInt64());
        }
        else
        {
            Assert.Equal(3, document.RootElement.GetArrayLength());
            Assert.Equal(factory.FirstStatusId, document.RootElement[0].GetProperty("id").GetInt64());
        }
    }

    private static TheoryData<string, string, string> Cross(params string[] accepts)
    {
        var data = new TheoryData<string, string, string>();
        foreach (string basePath in new[] { "/api", "/minimal" })
        {
            foreach (string resource in new[] { "item", "list" })
            {
                foreach (string accept in accepts)
                {
                    data.Add(basePath, resource, accept);
                }
            }
        }

        return data;
    }
}
