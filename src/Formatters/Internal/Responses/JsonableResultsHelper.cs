using System;
using System.Linq;
using System.Threading.Tasks;
using Jsonable.Internal;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The one negotiated-response path of every Jsonable result (<c>JsonableResult</c>, <c>JsonableCreatedResult</c>,
/// <c>JsonableMembersResult</c>), in the manner of ASP.NET Core's <c>HttpResultsHelper</c>: <c>Vary: Accept</c>, the
/// format the request accepts (else JSON, or a logged 406 problem when the app opted into 406), the status and content type, then the body.
/// </summary>
internal static class JsonableResultsHelper
{
    /// <summary>The log category of every Jsonable result.</summary>
    private const string LogCategory = "Jsonable.AspNetCore.Http.JsonableResult";

    /// <summary>The content types of JSON responses, made once: the charset is part of every one.</summary>

    /// <summary>
    /// The logger of the app last served: <c>ILoggerFactory.CreateLogger</c> takes a lock and looks the category up on
    /// every call, so the result's logger is made once per factory (an app has one) instead of once per response.
    /// </summary>
    private static LoggerOf? s_logger;

    /// <summary>Writes <paramref name="value"/> with the generated writer of <typeparamref name="T"/> in the negotiated format.</summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> has no generated writer.</exception>
    public static Task WriteValueAsync<T>(HttpContext context, T value, int statusCode)
    {
        JsonableTypeInfo? declaredInfo = JsonableRegistry.TryGetTypeInfo(typeof(T), out JsonableTypeInfo? found) ? found : null;
        if (declaredInfo is { CanWriteItems: true }
            && ContentNegotiation.SelectJsonLines(context.Request, JsonableRequestFeature.Of(context)) is { } jsonLines)
        {
            return WriteJsonLinesAsync(context, value, declaredInfo, statusCode, jsonLines);
        }

        return WriteNegotiatedAsync(context, statusCode, typeof(T).Name, (value, declaredInfo), static (ctx, state, format, options) =>
        {
            // The runtime type unless T fixes the shape, as minimal APIs' own results write it (a Derived behind a
            // declared Base keeps its members); T's writer when the runtime type is not a Jsonable type. A value of
            // exactly T is written as T: its writer was looked up above.
            (T v, JsonableTypeInfo? declared) = state;
            JsonableTypeInfo? info = declared is { CanWrite: true } && (typeof(T).IsValueType || v?.GetType() == typeof(T)) ? declared : WrittenType.InfoOf(typeof(T), v);
            if (info is null && (declared is null || !declared.CanWrite))
            {
                throw new InvalidOperationException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type: mark it [ToJson] (and partial)."));
            }

            return ResponseBodyWriter.WriteAsync(ctx, v, info ?? declared!, format, options, format == JsonableFormat.Json ? AppJsonLayout.For(ctx, mvc: false) : null);
        });
    }

    /// <summary>The logger of Jsonable's results for <paramref name="context"/>'s app.</summary>
    private static ILogger LoggerFor(HttpContext context)
    {
        if (context.RequestServices?.GetService<ILoggerFactory>() is not { } factory)
        {
            return NullLogger.Instance;
        }

        LoggerOf? cached = s_logger;
        if (cached is null || !ReferenceEquals(cached.Factory, factory))
        {
            cached = new LoggerOf(factory, factory.CreateLogger(LogCategory));
            s_logger = cached;
        }

        return cached.Logger;
    }

    /// <summary>A collection or stream the request asked for as JSON Lines (<see cref="ContentNegotiation.SelectJsonLines"/>): one item per line.</summary>
    private static Task WriteJsonLinesAsync(HttpContext context, object? value, JsonableTypeInfo info, int statusCode, string mediaType)
    {
        HttpResponse response = context.Response;
        AddVaryAccept(response);
        response.StatusCode = statusCode;
        response.ContentType = MediaTypeRules.JsonLinesContentType(mediaType);
        return StreamResponseWriter.WriteJsonLinesAsync(context, value, info, JsonableRequestFeature.Of(context).Options);
    }

    /// <summary>
    /// Answers in the format the request accepts: sends <c>Vary: Accept</c>; when it accepts neither, answers JSON, or —
    /// with <see cref="JsonableOptions.ReturnHttpNotAcceptable"/> — 406 with problem details (and a log line); else sets <paramref name="statusCode"/> and the content type and lets
    /// <paramref name="writeBody"/> write the body.
    /// </summary>
    /// <param name="context">The request's context.</param>
    /// <param name="statusCode">The status of a response with a body.</param>
    /// <param name="typeName">What is written, for the log.</param>
    /// <param name="state">What <paramref name="writeBody"/> writes (a static lambda's argument: no closure per request).</param>
    /// <param name="writeBody">Writes the body in the chosen format.</param>
    public static async Task WriteNegotiatedAsync<TState>(HttpContext context, int statusCode, string typeName, TState state, Func<HttpContext, TState, JsonableFormat, JsonableOptions, Task> writeBody)
    {
        JsonableRequestFeature feature = JsonableRequestFeature.Of(context);
        ILogger logger = LoggerFor(context);
        HttpResponse response = context.Response;
        AddVaryAccept(response);
        if (feature.SelectResponseFormatOrFallback(out string mediaType) is not { } format)
        {
            JsonableLog.NotAcceptable(logger, context.Request.Headers.Accept.ToString());
            await ProblemDetailsResponder.WriteAsync(context, StatusCodes.Status406NotAcceptable, ContentNegotiation.NotAcceptableDetail).ConfigureAwait(false);
            return;
        }

        response.StatusCode = statusCode;
        response.ContentType = MediaTypeRules.ResponseContentType(format, mediaType);
        await writeBody(context, state, format, feature.Options).ConfigureAwait(false);
        JsonableLog.ResponseWritten(logger, typeName, format);
    }

    /// <summary>Adds <c>Vary: Accept</c> once: the body depends on the request's Accept header.</summary>
    public static void AddVaryAccept(HttpResponse response)
    {
        StringValues vary = response.Headers.Vary;
        if (vary.Count == 0)
        {
            response.Headers.Vary = HeaderNames.Accept; // the usual response: nothing to merge with
            return;
        }

        foreach (string? value in vary)
        {
            if (value is not null && value.Split(',').Any(v => v.Trim().Equals(HeaderNames.Accept, StringComparison.OrdinalIgnoreCase)))
            {
                return;
            }
        }

        response.Headers.Vary = StringValues.Concat(vary, HeaderNames.Accept);
    }

    /// <summary>A logger and the factory that made it.</summary>
    private sealed record LoggerOf(ILoggerFactory Factory, ILogger Logger);
}
