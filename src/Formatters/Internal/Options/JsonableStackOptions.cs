using System.Text.Json;
using Jsonable.Internal;
using Jsonable.SystemTextJson;
using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The reader and writer options of one stack (MVC or minimal APIs), made once per app from
/// <see cref="JsonableOptions"/> and that stack's JSON options: its depth limit is the stack's own System.Text.Json
/// <c>MaxDepth</c> (MVC's <c>JsonOptions</c> start at 32, minimal APIs' at STJ's 64) unless
/// <see cref="JsonableOptions.MaxDepth"/> is set, and its enum names are those its <c>JsonStringEnumConverter</c> writes.
/// </summary>
internal sealed class JsonableStackOptions
{
    private JsonableStackOptions(JsonableReaderOptions reader, JsonableWriterOptions writer)
    {
        Reader = reader;
        Writer = writer;
        PatchReader = reader with { RefuseReadOnlyMemberChanges = true };
    }

    /// <summary>What request bodies are read with.</summary>
    public JsonableReaderOptions Reader { get; }

    /// <summary>What <c>JsonablePatch&lt;T&gt;</c> reads a merge patch with: <see cref="Reader"/>, refusing changes to read-only members.</summary>
    public JsonableReaderOptions PatchReader { get; }

    /// <summary>What responses are written with.</summary>
    public JsonableWriterOptions Writer { get; }

    /// <summary>
    /// The options of a stack whose JSON options are <paramref name="json"/> (null: none known, the stack's defaults
    /// with <paramref name="defaultDepth"/>).
    /// </summary>
    public static JsonableStackOptions Create(JsonableOptions options, JsonSerializerOptions? json, int defaultDepth)
    {
        int depth = options.IsMaxDepthSet ? options.MaxDepth
            : json is null ? defaultDepth
            : JsonableJsonTypeInfoResolver.EffectiveMaxDepth(json);
        JsonableEnumNames? enumNames = json is null ? null : JsonEnumConverters.From(json);
        return new JsonableStackOptions(
            new JsonableReaderOptions
            {
                MaxDepth = depth,
                UnknownMemberHandling = options.UnknownMemberHandling,
                PropertyNameCaseInsensitive = options.PropertyNameCaseInsensitive,
                EnumNames = enumNames,
            },
            new JsonableWriterOptions { MaxDepth = depth, EnumNames = enumNames });
    }
}

/// <summary>Both stacks' options (<see cref="JsonableStackOptions"/>), made once per app.</summary>
internal sealed class JsonableStacks(JsonableStackOptions mvc, JsonableStackOptions minimal)
{
    /// <summary>MVC's JSON options start with MaxDepth 32 (its model binding recursion limit).</summary>
    public const int MvcDefaultMaxDepth = 32;

    /// <summary>MVC's options (controllers, MVC's formatters).</summary>
    public JsonableStackOptions Mvc { get; } = mvc;

    /// <summary>Minimal APIs' options (<c>JsonableResults</c>, <c>JsonableBody&lt;T&gt;</c>, plain handlers).</summary>
    public JsonableStackOptions Minimal { get; } = minimal;

    /// <summary>The options of the stack that serves <paramref name="context"/>'s endpoint.</summary>
    public JsonableStackOptions For(HttpContext context) => IsMvc(context) ? Mvc : Minimal;

    /// <summary>Both stacks' options from <paramref name="options"/> and each stack's JSON options (null: not known).</summary>
    public static JsonableStacks Create(JsonableOptions options, JsonSerializerOptions? mvc, JsonSerializerOptions? minimal) => new(
        JsonableStackOptions.Create(options, mvc, MvcDefaultMaxDepth),
        JsonableStackOptions.Create(options, minimal, JsonableLimits.DefaultMaxDepth));

    /// <summary>Whether an MVC action serves the request (its endpoint carries the action), so MVC's JSON options apply.</summary>
    private static bool IsMvc(HttpContext context) =>
        context.GetEndpoint()?.Metadata.GetMetadata<Microsoft.AspNetCore.Mvc.Abstractions.ActionDescriptor>() is not null;
}
