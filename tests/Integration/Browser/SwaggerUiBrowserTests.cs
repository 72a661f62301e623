using System.Net;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Playwright;

namespace Jsonable.Integration.Tests.Browser;

/// <summary>
/// Swagger UI as a user drives it, in headless Chromium against the sample on a real Kestrel port on 127.0.0.1:
/// a GET answered in JMC1 is shown as the document with its header and length hints spelled out, and Download saves
/// the bytes the server sent; the example Swagger UI proposes for POST is accepted (201) in JSON and in JMC1. The
/// page must load with no request leaving 127.0.0.1 (Swagger UI and the Jsonable plugin are served by the app).
/// </summary>
public sealed class SwaggerUiBrowserTests
{
    private static readonly string[] s_chromiumFlags =
    [
        "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run",
    ];

    [BrowserFact]
    public async Task SwaggerUi_Jmc1Get_ShowsTheDocumentWithHints_DownloadsItsBytes_AndProposedPostsAreCreated()
    {
        Assert.True(File.Exists(BrowserFactAttribute.ChromiumPath), $"{BrowserFactAttribute.ChromiumPath} is missing: `apt-get install -y chromium`.");
        using var factory = new SampleApiFactory();
        factory.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
        factory.StartServer();
        string baseUrl = factory.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single().TrimEnd('/');
        long id = factory.FirstStatusId;

        using IPlaywright playwright = await Playwright.CreateAsync();
        await using IBrowser browser = await playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
        {
            ExecutablePath = BrowserFactAttribute.ChromiumPath,
            Headless = true,
            Args = s_chromiumFlags,
        });
        await using IBrowserContext context = await browser.NewContextAsync(new BrowserNewContextOptions { AcceptDownloads = true });
        var offline = new List<string>();
        await context.RouteAsync("**/*", async route =>
        {
            if (new Uri(route.Request.Url).Host == "127.0.0.1")
            {
                await route.ContinueAsync();
            }
            else
            {
                offline.Add(route.Request.Url);
                await route.AbortAsync();
            }
        });
        IPage page = await context.NewPageAsync();
        page.SetDefaultTimeout(30_000);
        await page.GotoAsync(baseUrl + "/swagger/index.html");

        // GET /api/statuses/{id}, response media type JMC1.
        ILocator get = Operation(page, "get", "/api/statuses/{id}");
        await get.Locator(".opblock-summary-control").ClickAsync();
        await get.Locator(".try-out__btn").ClickAsync();
        await get.Locator("input[placeholder='id']").FillAsync(id.ToString(System.Globalization.CultureInfo.InvariantCulture));
        await get.Locator(".responses-wrapper tr.response[data-code='200'] select.content-type").SelectOptionAsync("application/jsonc+jmc1");
        await get.Locator(".execute").ClickAsync();
        ILocator shown = get.Locator(".live-responses-table pre.jsonable-jmc1");
        await shown.WaitForAsync();
        string text = await shown.InnerTextAsync();

        Assert.StartsWith("/*JMC1*/{", text, StringComparison.Ordinal);
        Assert.Contains("/*n=8*/\"metadata\": /*JMC1*/{", text, StringComparison.Ordinal);
        Assert.Contains($"/*n=2*/\"id\": {id}", text, StringComparison.Ordinal);
        Assert.DoesNotContain("can't parse JSON", await get.InnerTextAsync(), StringComparison.Ordinal);

        (HttpResponseMessage direct, byte[] expectedBytes) = await factory.CreateClient().GetAsync($"/api/statuses/{id}", "application/jsonc+jmc1");
        HttpAssert.IsJmc1(direct, expectedBytes);
        IDownload download = await page.RunAndWaitForDownloadAsync(() => get.Locator("a.jsonable-jmc1-download").ClickAsync());
        string saved = Path.Combine(Path.GetTempPath(), $"jsonable-download-{Guid.NewGuid():N}");
        await download.SaveAsAsync(saved);
        try
        {
            Assert.Equal(expectedBytes, await File.ReadAllBytesAsync(saved));
        }
        finally
        {
            File.Delete(saved);
        }

        // POST /api/statuses with the proposed example, as JSON and then as JMC1 (the example shown as JMC1 text).
        ILocator post = Operation(page, "post", "/api/statuses");
        await post.Locator(".opblock-summary-control").ClickAsync();
        await post.Locator(".try-out__btn").ClickAsync();
        await post.Locator(".execute").ClickAsync();
        await Assert201Async(post);

        await post.Locator(".opblock-section-request-body select.content-type").SelectOptionAsync("application/jsonc+jmc1");
        string proposed = await post.Locator("textarea.body-param__text").InputValueAsync();
        Assert.StartsWith("/*JMC1*/{", proposed, StringComparison.Ordinal);
        // The example is the document's: plain members filled in, the nullable self-reference left out (docs/openapi.md).
        Assert.Contains("\"id_str\": ", proposed, StringComparison.Ordinal);
        Assert.DoesNotContain("retweeted_status", proposed, StringComparison.Ordinal);
        await post.Locator(".execute").ClickAsync();
        await Assert201Async(post);

        Assert.True(offline.Count == 0, "requests left 127.0.0.1: " + string.Join(", ", offline));
    }

    private static ILocator Operation(IPage page, string method, string path) =>
        page.Locator($"div.opblock.opblock-{method}", new PageLocatorOptions { Has = page.Locator($".opblock-summary-path[data-path='{path}']") });

    private static async Task Assert201Async(ILocator operation)
    {
        ILocator status = operation.Locator(".live-responses-table .response .response-col_status");
        await Assertions.Expect(status.First).ToHaveTextAsync(new System.Text.RegularExpressions.Regex("^\\s*201"));
        await operation.Locator(".btn-clear").ClickAsync();
    }
}
