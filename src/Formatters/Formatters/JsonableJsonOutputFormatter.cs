using System;
using System.Text;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Formatters;

/// <summary>
/// Writes generated types (and collections of them, <c>IAsyncEnumerable</c> included) as JSON into the response
/// <c>PipeWriter</c>. Everything else, <c>ProblemDetails</c> included, is left to System.Text.Json.
/// </summary>
public sealed class JsonableJsonOutputFormatter : TextOutputFormatter
{
    private readonly JsonableOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">The integration options.</param>
    /// <param name="logger">Where writes are logged.</param>
    public JsonableJsonOutputFormatter(JsonableOptions options, ILogger<JsonableJsonOutputFormatter> logger)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _logger = logger ?? throw new ArgumentNullException(nameof(logger));
        SupportedEncodings.Add(Encoding.UTF8);
        SupportedMediaTypes.Add(JsonableMediaTypes.Json);
        SupportedMediaTypes.Add(JsonableMediaTypes.TextJson);
        SupportedMediaTypes.Add(JsonableMediaTypes.AnyJsonSuffix);
    }

    /// <inheritdoc />
    protected override bool CanWriteType(Type? type) => FormatterCore.CanWrite(type, _logger);

    /// <summary>
    /// Whether this formatter writes the result: judged for the type the value is written as, which is its runtime type
    /// unless the declared type is sealed or polymorphic, as System.Text.Json's formatter chooses it.
    /// </summary>
    /// <param name="context">The result to write.</param>
    /// <returns>Whether this formatter writes it.</returns>
    public override bool CanWriteResult(OutputFormatterCanWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        OutputFormatterCanWriteContext judged = FormatterCore.AsWritten(context);
        return FormatterCore.CanWriteResult(context, judged, base.CanWriteResult(judged));
    }

    /// <inheritdoc />
    public override void WriteResponseHeaders(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        base.WriteResponseHeaders(context);
        JsonableResultsHelper.AddVaryAccept(context.HttpContext.Response);
    }

    /// <inheritdoc />
    public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
    {
        ArgumentNullException.ThrowIfNull(context);
        return FormatterCore.WriteAsync(context, JsonableFormat.Json, _options, _logger);
    }
}
