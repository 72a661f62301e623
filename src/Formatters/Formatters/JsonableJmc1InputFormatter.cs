using System;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Formatters;

/// <summary>Reads <c>application/jsonc+jmc1</c> request bodies into generated types (and collections of them).</summary>
public sealed class JsonableJmc1InputFormatter : InputFormatter, IInputFormatterExceptionPolicy
{
    private readonly JsonableOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">The integration options.</param>
    /// <param name="logger">Where failures are logged.</param>
    public JsonableJmc1InputFormatter(JsonableOptions options, ILogger<JsonableJmc1InputFormatter> logger)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _logger = logger ?? throw new ArgumentNullException(nameof(logger));
        SupportedMediaTypes.Add(JsonableMediaTypes.Jmc1);
    }

    /// <summary>Only malformed input becomes a model error; anything else (a 413, a cancelled read) propagates.</summary>
    InputFormatterExceptionPolicy IInputFormatterExceptionPolicy.ExceptionPolicy => InputFormatterExceptionPolicy.MalformedInputExceptions;

    /// <inheritdoc />
    protected override bool CanReadType(Type type) => FormatterCore.CanRead(type);

    /// <inheritdoc />
    public override Task<InputFormatterResult> ReadAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        FormatterCore.ThrowIfEmptyPatch(context, _options); // before MVC's own empty-body error, to which it adds a second
        return base.ReadAsync(context);
    }

    /// <inheritdoc />
    public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);

        // JMC1 is a byte format: its length comments are not text in any charset, so none is applied.
        return FormatterCore.ReadAsync(context, JsonableFormat.Jmc1, encoding: null, _options, _logger);
    }
}
