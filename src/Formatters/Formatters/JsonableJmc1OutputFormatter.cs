using System;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Formatters;

/// <summary>Writes generated types (and collections of them) as <c>application/jsonc+jmc1</c> into the response <c>PipeWriter</c>.</summary>
public sealed class JsonableJmc1OutputFormatter : OutputFormatter
{
    private readonly JsonableOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">The integration options.</param>
    /// <param name="logger">Where writes are logged.</param>
    public JsonableJmc1OutputFormatter(JsonableOptions options, ILogger<JsonableJmc1OutputFormatter> logger)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _logger = logger ?? throw new ArgumentNullException(nameof(logger));
        SupportedMediaTypes.Add(JsonableMediaTypes.Jmc1);
    }

    /// <inheritdoc />
    protected override bool CanWriteType(Type? type) => FormatterCore.CanWrite(type);

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
    public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return FormatterCore.WriteAsync(context, JsonableFormat.Jmc1, _options, _logger);
    }
}
