using System;
using System.Text;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Formatters;

/// <summary>
/// Reads <c>application/json</c>, <c>text/json</c> and <c>application/*+json</c> request bodies into generated types
/// (and collections of them) from the request <c>PipeReader</c>. Other types are left to System.Text.Json.
/// </summary>
public sealed class JsonableJsonInputFormatter : TextInputFormatter, IInputFormatterExceptionPolicy
{
    private readonly JsonableOptions _options;
    private readonly ILogger _logger;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">The integration options.</param>
    /// <param name="logger">Where failures are logged.</param>
    public JsonableJsonInputFormatter(JsonableOptions options, ILogger<JsonableJsonInputFormatter> logger)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _logger = logger ?? throw new ArgumentNullException(nameof(logger));
        SupportedEncodings.Add(UTF8EncodingWithoutBOM);
        SupportedEncodings.Add(UTF16EncodingLittleEndian);
        SupportedEncodings.Add(Encoding.BigEndianUnicode);
        foreach (string mediaType in ContentNegotiation.JsonRequestMediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }
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
    public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
    {
        ArgumentNullException.ThrowIfNull(context);
        return FormatterCore.ReadAsync(context, JsonableFormat.Json, encoding, _options, _logger);
    }
}
