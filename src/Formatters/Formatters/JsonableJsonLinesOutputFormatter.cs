using System;
using System.Text;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Formatters;

/// <summary>
/// Writes a collection or <c>IAsyncEnumerable</c> of a generated type as JSON Lines (<c>application/jsonl</c>, or
/// <c>application/x-ndjson</c> when that is the name asked for): one JSON document per element, each followed by
/// <c>\n</c>, flushed as the elements arrive. Chosen only when <c>Accept</c> names one of those types; any other value
/// is left to the other formatters.
/// </summary>
public sealed class JsonableJsonLinesOutputFormatter : TextOutputFormatter
{
    private readonly JsonableOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">The integration options.</param>
    /// <param name="logger">Where writes are logged.</param>
    public JsonableJsonLinesOutputFormatter(JsonableOptions options, ILogger<JsonableJsonLinesOutputFormatter> logger)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _logger = logger ?? throw new ArgumentNullException(nameof(logger));
        SupportedEncodings.Add(Encoding.UTF8);
        SupportedMediaTypes.Add(JsonableMediaTypes.JsonLines);
        SupportedMediaTypes.Add(JsonableMediaTypes.NdJson);
    }

    /// <inheritdoc />
    protected override bool CanWriteType(Type? type) =>
        type is not null && JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanWriteItems;

    /// <inheritdoc />
    public override void WriteResponseHeaders(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        base.WriteResponseHeaders(context);
        JsonableResultsHelper.AddVaryAccept(context.HttpContext.Response);
    }

    /// <inheritdoc />
    public override async Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
    {
        ArgumentNullException.ThrowIfNull(context);
        Type type = context.ObjectType ?? context.Object?.GetType() ?? typeof(object);
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            throw new InvalidOperationException($"{type} is not a Jsonable type."); // CanWriteType said otherwise: a bug
        }

        await StreamResponseWriter.WriteJsonLinesAsync(context.HttpContext, context.Object, info, _options).ConfigureAwait(false);
        JsonableLog.ResponseWritten(_logger, type.Name, JsonableFormat.Json);
    }
}
