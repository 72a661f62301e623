using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// A small app for enum names at System.Text.Json's edges (<see cref="EnumNameEdgeParityTests"/>): a
/// <see cref="EscapedLabel"/> served by MVC (<c>/enum-edges/mvc</c>), by minimal APIs' <c>TypedResults.Ok</c>
/// (<c>/enum-edges/min</c>) and, in the Jsonable flavour, by <c>JsonableResults.Ok</c> (<c>/enum-edges/jsonable</c>;
/// <c>TypedResults.Ok</c> in the other), each <c>GET /{value}</c> and <c>POST</c> (echo; the minimal ones can be left
/// out of the plain app, whose start they fail when the options refuse an enum), with the same JSON options given to
/// both stacks.
/// </summary>
internal static class EnumEscapingApp
{
    public static readonly string[] Paths = ["mvc", "min", "jsonable"];

    public static async Task<WebApplication> StartAsync(ParityFlavour flavour, Action<JsonSerializerOptions> configureJson, bool minimalBodies = true)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        IMvcBuilder mvc = builder.Services.AddControllers()
            .ConfigureApplicationPartManager(parts => parts.FeatureProviders.Add(new OnlyController<EscapedLabelsController>()))
            .AddJsonOptions(options => configureJson(options.JsonSerializerOptions));
        builder.Services.ConfigureHttpJsonOptions(options => configureJson(options.SerializerOptions));
        WebApplication app = ParityHosting.Build(builder, mvc, flavour);

        app.MapControllers();
        app.MapGet("/enum-edges/min/{value}", (LabelName value) => TypedResults.Ok(EscapedLabel.For(value)));
        if (flavour == ParityFlavour.Jsonable)
        {
            app.MapGet("/enum-edges/jsonable/{value}", (LabelName value) => JsonableResults.Ok(EscapedLabel.For(value)));
            app.MapPost("/enum-edges/min", (EscapedLabel label) => TypedResults.Ok(label));
            app.MapPost("/enum-edges/jsonable", (JsonableBody<EscapedLabel> label) => JsonableResults.Ok(label.Value));
        }
        else
        {
            app.MapGet("/enum-edges/jsonable/{value}", (LabelName value) => TypedResults.Ok(EscapedLabel.For(value)));
            if (minimalBodies)
            {
                app.MapPost("/enum-edges/min", ([FromBody] EscapedLabel label) => TypedResults.Ok(label));
                app.MapPost("/enum-edges/jsonable", ([FromBody] EscapedLabel label) => TypedResults.Ok(label));
            }
        }

        return await ParityHosting.StartAsync(app);
    }
}

/// <summary>The MVC half of <see cref="EnumEscapingApp"/>.</summary>
[ApiController]
[Route("enum-edges/mvc")]
internal sealed class EscapedLabelsController : ControllerBase
{
    [HttpGet("{value}")]
    public ActionResult<EscapedLabel> Get(LabelName value) => EscapedLabel.For(value);

    [HttpPost]
    public ActionResult<EscapedLabel> Post(EscapedLabel label) => label;
}

/// <summary>
/// One enum value in each place its name is written — by the member's own converter (<see cref="ByAttribute"/>, the
/// declared names), by the app's converter (<see cref="ByApp"/> and the keys of <see cref="Counts"/>, names its
/// naming policy may change) — beside strings holding the same text, so a response shows how each is escaped.
/// </summary>
[ToJson, FromJson]
public partial class EscapedLabel
{
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public LabelName ByAttribute { get; set; }

    /// <summary>The text <see cref="ByAttribute"/> is written as.</summary>
    public string DeclaredText { get; set; } = "";

    public LabelName ByApp { get; set; }

    /// <summary>The text <see cref="ByApp"/> is written as under <see cref="EnumNameEdgeParityTests.PrefixPolicy"/>.</summary>
    public string AppText { get; set; } = "";

    public Dictionary<LabelName, int> Counts { get; set; } = [];

    public Dictionary<string, int> TextCounts { get; set; } = [];

    public static EscapedLabel For(LabelName value) => new()
    {
        ByAttribute = value,
        DeclaredText = DeclaredName(value),
        ByApp = value,
        AppText = AppName(value),
        Counts = new() { [value] = 1 },
        TextCounts = new() { [AppName(value)] = 1 },
    };

    /// <summary>The member's <c>[JsonStringEnumMemberName]</c>, else its C# name.</summary>
    public static string DeclaredName(LabelName value) =>
        typeof(LabelName).GetField(value.ToString())!.GetCustomAttribute<JsonStringEnumMemberNameAttribute>()?.Name ?? value.ToString();

    /// <summary>The name under the app's converter: a <c>[JsonStringEnumMemberName]</c> as it is, else the policy's.</summary>
    public static string AppName(LabelName value) =>
        typeof(LabelName).GetField(value.ToString())!.GetCustomAttribute<JsonStringEnumMemberNameAttribute>()?.Name ?? EnumNameEdgeParityTests.PrefixPolicy.Prefix + value;
}

/// <summary>Names that need escaping under some encoder: non-ASCII, HTML-sensitive, outside the BMP, quotes and a tab.</summary>
public enum LabelName
{
    [JsonStringEnumMemberName("café")]
    Cafe,
    [JsonStringEnumMemberName("a<b>&'+")]
    Html,
    [JsonStringEnumMemberName("smile 😀")]
    Emoji,
    [JsonStringEnumMemberName("say \"hi\"\t\\")]
    Quoted,
    Plain,
}
