using System;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Internal;

/// <summary>What the JSON and JMC1 formatters share: which types they claim, and how they read and write.</summary>
internal static class FormatterCore
{
    public static bool CanRead(Type type) => JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanRead;

    public static bool CanWrite(Type? type) => type is not null && JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanWrite;

    public static async Task<InputFormatterResult> ReadAsync(InputFormatterContext context, JsonableFormat format, Encoding? encoding, JsonableOptions options, ILogger logger)
    {
        HttpContext http = context.HttpContext;
        byte[]? body = await RequestBodyReader.ReadUtf8Async(http.Request, encoding, http.RequestAborted).ConfigureAwait(false);
        if (body is null || body.Length == 0)
        {
            if (context.TreatEmptyInputAsDefaultValue)
            {
                return await InputFormatterResult.NoValueAsync().ConfigureAwait(false);
            }

            context.ModelState.TryAddModelError(context.ModelName, "A non-empty request body is required.");
            return await InputFormatterResult.FailureAsync().ConfigureAwait(false);
        }

        try
        {
            object? model = JsonableSerializer.Deserialize(body, context.ModelType, format, options.CreateReaderOptions());

            // `null` (the literal) binds no value; [Required]/non-nullable parameters then report it.
            return model is null
                ? await InputFormatterResult.NoValueAsync().ConfigureAwait(false)
                : await InputFormatterResult.SuccessAsync(model).ConfigureAwait(false);
        }
        catch (JsonableException exception)
        {
            JsonableLog.RequestBodyInvalid(logger, format, exception.Path, exception.BytePosition, exception);

            // Keyed by the JSON path, as STJ's formatter does, so [ApiController] answers 400 naming the member.
            Exception modelError = options.AllowInputFormatterExceptionMessages
                ? new InputFormatterException(exception.Message, exception)
                : exception;
            AddModelError(context, exception.Path ?? string.Empty, modelError);
            return await InputFormatterResult.FailureAsync().ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Adds the error under its JSON path; a path deeper than ModelState allows (32 levels by default: a client can
    /// nest up to MaxDepth) would throw and answer 500, so such an error is reported under the document root instead.
    /// </summary>
    private static void AddModelError(InputFormatterContext context, string path, Exception error)
    {
        try
        {
            context.ModelState.TryAddModelError(path, error, context.Metadata);
        }
        catch (InvalidOperationException) when (path.Length > 1)
        {
            context.ModelState.TryAddModelError("$", error, context.Metadata);
        }
    }

    public static async Task WriteAsync(OutputFormatterWriteContext context, JsonableFormat format, JsonableOptions options, ILogger logger)
    {
        Type type = context.ObjectType ?? context.Object?.GetType() ?? typeof(object);
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info))
        {
            throw new InvalidOperationException($"{type} is not a Jsonable type."); // CanWriteType said otherwise: a bug
        }

        await ResponseBodyWriter.WriteAsync(context.HttpContext, context.Object, info, format, options).ConfigureAwait(false);
        JsonableLog.ResponseWritten(logger, type.Name, format);
    }
}
