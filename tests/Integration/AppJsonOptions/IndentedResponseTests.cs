using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.AppJsonOptions;

/// <summary>
/// <c>WriteIndented = true</c> in the app's JSON options is honoured by <c>JsonableResults</c> (minimal APIs' options)
/// and the MVC formatters (MVC's options): the real data of data/ comes out byte for byte as System.Text.Json writes it
/// with the same options, indentation settings and encoder included; JMC1 answers stay compact.
/// </summary>
public sealed class IndentedResponseTests
{
    private static readonly Lazy<TwitterRoot> s_twitter = new(() => TwitterRoot.CreateFromJson(File.ReadAllBytes(DataFile("twitter.json"))));
    private static readonly Lazy<CitmCatalog> s_citm = new(() => CitmCatalog.CreateFromJson(File.ReadAllBytes(DataFile("citm_catalog.json"))));

    public static TheoryData<AppStack, string, bool> Cases()
    {
        var data = new TheoryData<AppStack, string, bool>();
        foreach (AppStack stack in Enum.GetValues<AppStack>())
        {
            foreach (string route in new[] { "/indented/twitter", "/indented/citm" })
            {
                data.Add(stack, route, false);
                data.Add(stack, route, true);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Indented_RealData_IsByteEqualToSystemTextJson(AppStack stack, string route, bool tabsAndDefaultEncoder)
    {
        void Configure(JsonSerializerOptions options)
        {
            options.WriteIndented = true;
            if (tabsAndDefaultEncoder)
            {
                options.IndentCharacter = '\t';
                options.IndentSize = 1;
                options.NewLine = "\r\n";
                options.Encoder = JavaScriptEncoder.Default;
            }
        }

        await using WebApplication app = await StartAsync(stack, Configure);
        using HttpClient client = app.GetTestClient();
        string jsonable = await client.GetStringAsync(route);

        // What System.Text.Json writes with the app's options (its own contracts, the encoder ASP.NET Core defaults to).
        var stj = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver(), Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };
        Configure(stj);
        string expected = route == "/indented/twitter" ? JsonSerializer.Serialize(s_twitter.Value, stj) : JsonSerializer.Serialize(s_citm.Value, stj);

        Assert.Contains(tabsAndDefaultEncoder ? "\r\n\t\"" : "\n  \"", jsonable, StringComparison.Ordinal);
        Assert.Equal(expected, jsonable);
    }

    [Theory]
    [InlineData(AppStack.Mvc)]
    [InlineData(AppStack.Minimal)]
    public async Task Indented_Jmc1_StaysCompact(AppStack stack)
    {
        await using WebApplication app = await StartAsync(stack, o => o.WriteIndented = true);
        using var request = new HttpRequestMessage(HttpMethod.Get, "/indented/citm");
        request.Headers.Accept.ParseAdd("application/jsonc+jmc1");
        using HttpResponseMessage response = await app.GetTestClient().SendAsync(request);

        Assert.Equal("application/jsonc+jmc1", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(s_citm.Value.ToJsonable().ToArray(), await response.Content.ReadAsByteArrayAsync());
    }

    private static async Task<WebApplication> StartAsync(AppStack stack, Action<JsonSerializerOptions> configure)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        builder.Services.AddSingleton(s_twitter.Value);
        builder.Services.AddSingleton(s_citm.Value);
        if (stack == AppStack.Mvc)
        {
            builder.Services.AddControllers().AddApplicationPart(typeof(IndentedDataController).Assembly)
                .AddJsonOptions(options => configure(options.JsonSerializerOptions)).AddJsonable();
        }
        else
        {
            builder.Services.ConfigureHttpJsonOptions(options => configure(options.SerializerOptions));
            builder.Services.AddJsonable();
        }

        WebApplication app = builder.Build();
        app.UseJsonable();
        if (stack == AppStack.Mvc)
        {
            app.MapControllers();
        }
        else
        {
            app.MapGet("/indented/twitter", ([FromServices] TwitterRoot twitter) => JsonableResults.Ok(twitter));
            app.MapGet("/indented/citm", ([FromServices] CitmCatalog citm) => JsonableResults.Ok(citm));
        }

        await app.StartAsync();
        return app;
    }

    private static string DataFile(string name)
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            string path = Path.Combine(dir.FullName, "data", name);
            if (File.Exists(path))
            {
                return path;
            }
        }

        throw new FileNotFoundException(name);
    }
}

/// <summary>The MVC side of <see cref="IndentedResponseTests"/>: the real data, written by Jsonable's formatters.</summary>
[ApiController]
public sealed class IndentedDataController(TwitterRoot twitter, CitmCatalog citm) : ControllerBase
{
    [HttpGet("/indented/twitter")]
    public TwitterRoot Twitter() => twitter;

    [HttpGet("/indented/citm")]
    public CitmCatalog Citm() => citm;
}
