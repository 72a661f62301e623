using System.Net;
using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Negotiation;

/// <summary>
/// The status codes an <c>Accept</c> (or <c>?format=</c>) gets when the app does not opt into 406 — neither MVC's
/// <c>ReturnHttpNotAcceptable</c> nor <see cref="JsonableOptions.ReturnHttpNotAcceptable"/>: System.Text.Json's, on both
/// stacks. Nothing acceptable is answered in JSON (<c>application/json</c>), and a POST is stored. The sample opts into
/// 406 on both stacks; <see cref="NegotiationTests"/> covers that.
/// </summary>
public sealed class DefaultNotAcceptableTests(DefaultNotAcceptableTests.No406Factory factory) : IClassFixture<DefaultNotAcceptableTests.No406Factory>
{
    private static long s_nextId = 1_600_000_000;

    public static TheoryData<string, string> Unsatisfiable => Cross(
        "text/plain",
        "application/xml",
        "application/json;q=0, text/plain",
        "application/json;q=0, application/jsonc+jmc1;q=0");

    public static TheoryData<string> Stacks => new() { "/api", "/minimal" };

    [Theory]
    [MemberData(nameof(Unsatisfiable))]
    public async Task Get_AcceptNothingProducible_AnswersJson(string basePath, string accept)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync($"{basePath}/statuses/{factory.FirstStatusId}", accept);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
        using JsonDocument document = JsonDocument.Parse(body);
        Assert.Equal(factory.FirstStatusId, document.RootElement.GetProperty("id").GetInt64());
    }

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task Get_FormatJmc1DoesNotKnow_AnswersJsonAsIfTheQueryWereNotThere(string basePath)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync($"{basePath}/statuses/{factory.FirstStatusId}?format=xml", "application/json");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
    }

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task Get_JsonRefusedByQualityZeroAndWildcard_AnswersApplicationJson(string basePath)
    {
        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().GetAsync($"{basePath}/statuses/{factory.FirstStatusId}", "application/json;q=0, */*");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        HttpAssert.IsPlainJson(response, body);
    }

    [Theory]
    [MemberData(nameof(Stacks))]
    public async Task Post_AcceptXml_StoresAndAnswers201InJson(string basePath)
    {
        long id = Interlocked.Increment(ref s_nextId);
        string json = $$"""{"id":{{id}},"id_str":"{{id}}","text":"default accept"}""";
        using HttpContent content = Requests.Body(Encoding.UTF8.GetBytes(json), "application/json");

        (HttpResponseMessage response, byte[] body) = await factory.CreateClient().SendAsync(HttpMethod.Post, $"{basePath}/statuses", "application/xml", content);

        await HttpAssert.StatusAsync(HttpStatusCode.Created, response);
        HttpAssert.IsPlainJson(response, body);
        Assert.NotNull(factory.Store.GetStatus(id));
    }

    private static TheoryData<string, string> Cross(params string[] accepts)
    {
        var data = new TheoryData<string, string>();
        foreach (string basePath in new[] { "/api", "/minimal" })
        {
            foreach (string accept in accepts)
            {
                data.Add(basePath, accept);
            }
        }

        return data;
    }

    /// <summary>The sample with both 406 options off, as a new app has them.</summary>
    public sealed class No406Factory : SampleApiFactory
    {
        /// <inheritdoc />
        protected override void ConfigureWebHost(IWebHostBuilder builder)
        {
            base.ConfigureWebHost(builder);
            builder.ConfigureServices(services =>
            {
                services.PostConfigure<MvcOptions>(options => options.ReturnHttpNotAcceptable = false);
                services.PostConfigure<JsonableOptions>(options => options.ReturnHttpNotAcceptable = false);
            });
        }
    }
}
