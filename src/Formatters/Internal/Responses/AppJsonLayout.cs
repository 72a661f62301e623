using System;
using System.Buffers;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.SystemTextJson;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using HttpJsonOptions = Microsoft.AspNetCore.Http.Json.JsonOptions;
using MvcJsonOptions = Microsoft.AspNetCore.Mvc.JsonOptions;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The layout the app's JSON options ask of JSON responses, per stack (MVC's <c>AddJsonOptions</c> for the formatters,
/// minimal APIs' <c>ConfigureHttpJsonOptions</c> for <c>JsonableResults</c>, as System.Text.Json's results use them):
/// with <c>WriteIndented</c>, the writer options (indentation, new line, encoder) System.Text.Json would write with, so
/// Jsonable's compact JSON is written again through them (<see cref="JsonReplay"/>) and the bytes are STJ's.
/// </summary>
internal sealed class AppJsonLayout(IOptions<MvcJsonOptions> mvc, IOptions<HttpJsonOptions> http)
{
    private readonly Lazy<JsonWriterOptions?> _mvc = new(() => Indented(mvc.Value.JsonSerializerOptions));
    private readonly Lazy<JsonWriterOptions?> _http = new(() => Indented(http.Value.SerializerOptions));

    // Problem details follow minimal APIs' options, as ASP.NET Core's own problem details writer does on both stacks.
    private readonly Lazy<JsonSerializerOptions?> _problems = new(() => IndentedProblems(http.Value.SerializerOptions));

    /// <summary>The indented layout for a JSON response of the stack that writes it, or <see langword="null"/> for compact JSON.</summary>
    public static JsonWriterOptions? For(HttpContext context, bool mvc)
    {
        AppJsonLayout? layout = context.RequestServices?.GetService<AppJsonLayout>();
        return layout is null ? null : mvc ? layout._mvc.Value : layout._http.Value;
    }

    /// <summary>
    /// The contract problem details are written with: <paramref name="compact"/> (Jsonable's own metadata), or the same
    /// metadata with the app's indentation when its JSON options set <c>WriteIndented</c>.
    /// </summary>
    public static JsonTypeInfo ProblemTypeInfo(HttpContext context, JsonTypeInfo compact) =>
        context.RequestServices?.GetService<AppJsonLayout>()?._problems.Value is { } indented ? indented.GetTypeInfo(compact.Type) : compact;

    /// <summary>Writes <paramref name="compact"/> JSON again in <paramref name="layout"/> into <paramref name="output"/>.</summary>
    public static void Write(ReadOnlySpan<byte> compact, IBufferWriter<byte> output, JsonWriterOptions layout)
    {
        using var writer = new Utf8JsonWriter(output, layout);
        JsonReplay.Write(compact, writer);
        writer.Flush();
    }

    private static JsonSerializerOptions? IndentedProblems(JsonSerializerOptions app) => app.WriteIndented
        ? new JsonSerializerOptions(ProblemDetailsJsonContext.Default.Options)
        {
            WriteIndented = true,
            IndentCharacter = app.IndentCharacter,
            IndentSize = app.IndentSize,
            NewLine = app.NewLine,
        }
        : null;

    private static JsonWriterOptions? Indented(JsonSerializerOptions options) => options.WriteIndented
        ? new JsonWriterOptions
        {
            Indented = true,
            IndentCharacter = options.IndentCharacter,
            IndentSize = options.IndentSize,
            NewLine = options.NewLine,
            // What both stacks write with when the app sets none (see docs/json-options.md, "Escaping, byte for byte").
            Encoder = options.Encoder ?? JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
            SkipValidation = true,
        }
        : null;
}
