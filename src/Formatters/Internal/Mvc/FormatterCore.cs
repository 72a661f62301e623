using System;
using System.Diagnostics.CodeAnalysis;
using Jsonable.AspNetCore.Http;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>What the JSON and JMC1 formatters share: which types they claim, and how they read and write.</summary>
internal static class FormatterCore
{
    public static bool CanRead(Type type) =>
        JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) ? info.CanRead : TryGetPatchTarget(type, out _);

    /// <summary>For <c>JsonablePatch&lt;T&gt;</c> of a type that can be merged into: the info of <c>T</c>.</summary>
    private static bool TryGetPatchTarget(Type type, [NotNullWhen(true)] out JsonableTypeInfo? target)
    {
        target = null;
        return type.IsGenericType
            && type.GetGenericTypeDefinition() == typeof(JsonablePatch<>)
            && JsonableRegistry.TryGetTypeInfo(type.GetGenericArguments()[0], out target)
            && target.CanMerge;
    }

    public static bool CanWrite(Type? type) => type is not null && JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) && info.CanWrite;

    // Types already checked for the warning below: MVC asks about every response type on every request.
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<Type, bool> s_leftToStjChecked = new();

    /// <summary>
    /// <see cref="CanWrite(Type?)"/>, warning once per type when a type that looks meant for Jsonable (a closed generic of
    /// a generated type no <c>[JsonableType]</c> names, a root dictionary with a key Jsonable does not take) is left to
    /// System.Text.Json, with the advice the registry gives.
    /// </summary>
    public static bool CanWrite(Type? type, ILogger logger)
    {
        if (CanWrite(type))
        {
            return true;
        }

        if (type is not null && s_leftToStjChecked.TryAdd(type, true) && JsonableRegistry.ExplainNotFound(type) is { } why)
        {
            JsonableLog.LeftToSystemTextJson(logger, type.ToString(), why);
        }

        return false;
    }

    /// <summary>
    /// An empty <c>JsonablePatch&lt;T&gt;</c> body (Content-Length: 0) is answered as minimal APIs answer it, one error
    /// under the empty key; MVC's own answer would add "The patch field is required." beside it.
    /// </summary>
    /// <exception cref="JsonableRequestException">400.</exception>
    public static void ThrowIfEmptyPatch(InputFormatterContext context, JsonableOptions options)
    {
        if (context.HttpContext.Request.ContentLength == 0 && !context.TreatEmptyInputAsDefaultValue && TryGetPatchTarget(context.ModelType, out _))
        {
            PatchMediaTypes.AddAcceptPatch(context.HttpContext, options);
            throw MinimalApiRequestBody.EmptyBody();
        }
    }

    public static async Task<InputFormatterResult> ReadAsync(InputFormatterContext context, JsonableFormat format, Encoding? encoding, JsonableOptions options, ILogger logger)
    {
        HttpContext http = context.HttpContext;
        bool isPatch = TryGetPatchTarget(context.ModelType, out JsonableTypeInfo? patchTarget);
        if (isPatch)
        {
            PatchMediaTypes.Check(http, options);
        }

        RequestBodyReader.PieceByPiece? pieceByPiece = !isPatch && JsonableRegistry.TryGetTypeInfo(context.ModelType, out JsonableTypeInfo? info)
            ? new RequestBodyReader.PieceByPiece(info, format, options.Stacks.Mvc.Reader)
            : null;
        using RequestBody body = await RequestBodyReader.ReadUtf8Async(http.Request, encoding, http.RequestAborted, pieceByPiece).ConfigureAwait(false);
        if (body.Length == 0)
        {
            if (context.TreatEmptyInputAsDefaultValue)
            {
                return await InputFormatterResult.NoValueAsync().ConfigureAwait(false);
            }

            if (isPatch)
            {
                // As minimal APIs answer it: one error, not a second "The patch field is required." from MVC.
                throw MinimalApiRequestBody.EmptyBody();
            }

            context.ModelState.TryAddModelError(context.ModelName, "A non-empty request body is required.");
            return await InputFormatterResult.FailureAsync().ConfigureAwait(false);
        }

        try
        {
            // Parsed where it lies (pipe or pooled copy); only a patch, which outlives binding, keeps a copy of its own.
            object? model = isPatch
                ? patchTarget!.Accept(new PatchFactory(http, body.Span.ToArray(), format, options))
                : body.IsParsed ? body.Value : JsonableSerializer.Deserialize(body.Span, context.ModelType, format, options.Stacks.Mvc.Reader);

            // `null` (the literal) binds no value, which MVC reports as a missing body, unless the parameter takes an
            // empty body (EmptyBodyBehavior.Allow, a nullable or defaulted parameter, AllowEmptyInputInBodyModelBinding):
            // then null is its value, as System.Text.Json's formatter binds it.
            return model is null && !context.TreatEmptyInputAsDefaultValue
                ? await InputFormatterResult.NoValueAsync().ConfigureAwait(false)
                : await InputFormatterResult.SuccessAsync(model).ConfigureAwait(false);
        }
        catch (JsonableException exception)
        {
            JsonableLog.RequestBodyInvalid(logger, format, exception.Path, exception.BytePosition, exception);
            if (isPatch)
            {
                // A bad patch is answered as minimal APIs answer it (one error under its path, the same media type),
                // not as a model error, to which MVC would add "The patch field is required.".
                throw MinimalApiRequestBody.Malformed(exception, options);
            }

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

    /// <summary>Creates a <c>JsonablePatch&lt;T&gt;</c> for the T the registry found, without reflection.</summary>
    private sealed class PatchFactory(HttpContext context, byte[] body, JsonableFormat format, JsonableOptions options) : IJsonableTypeVisitor<object>
    {
        public object Visit<T>(JsonableTypeInfo<T> info) => JsonablePatch<T>.Create(context, body, format, options);
    }

    /// <summary>The Jsonable writer of a response value (<see cref="Internal.WrittenType.InfoOf"/>), or null: not Jsonable's to write.</summary>
    public static JsonableTypeInfo? WrittenTypeInfo(Type? declared, object? value) => Internal.WrittenType.InfoOf(declared, value);

    private static Type WrittenType(Type? declared, object? value) => Internal.WrittenType.Of(declared, value);

    /// <summary>
    /// The context MVC's base class judges in <c>CanWriteResult</c>: <paramref name="context"/> itself when the value is
    /// written as its declared type (every ordinary response: no allocation), else one naming the type it is written as
    /// (a derived type behind a base, a value behind <c>object</c>), so <c>CanWriteType</c> answers for what is written.
    /// </summary>
    public static OutputFormatterCanWriteContext AsWritten(OutputFormatterCanWriteContext context)
    {
        Type? declared = context.ObjectType;
        object? value = context.Object;
        if (value is null || value.GetType() == declared)
        {
            return context;
        }

        Type written = WrittenTypeInfo(declared, value)?.Type ?? WrittenType(declared, value);
        return written == declared ? context : new WrittenAsContext(context, written);
    }

    /// <summary>Hands the content type the base class chose for <paramref name="judged"/> to MVC's own context.</summary>
    public static bool CanWriteResult(OutputFormatterCanWriteContext context, OutputFormatterCanWriteContext judged, bool canWrite)
    {
        if (canWrite && !ReferenceEquals(context, judged))
        {
            context.ContentType = judged.ContentType;
            context.ContentTypeIsServerDefined = judged.ContentTypeIsServerDefined;
        }

        return canWrite;
    }

    private sealed class WrittenAsContext : OutputFormatterCanWriteContext
    {
        public WrittenAsContext(OutputFormatterCanWriteContext context, Type type)
            : base(context.HttpContext)
        {
            Object = context.Object;
            ObjectType = type;
            ContentType = context.ContentType;
            ContentTypeIsServerDefined = context.ContentTypeIsServerDefined;
        }
    }

    public static async Task WriteAsync(OutputFormatterWriteContext context, JsonableFormat format, JsonableOptions options, ILogger logger)
    {
        if (WrittenTypeInfo(context.ObjectType, context.Object) is not { } info)
        {
            // CanWriteResult said otherwise: a bug
            throw new InvalidOperationException($"{WrittenType(context.ObjectType, context.Object)} is not a Jsonable type.");
        }

        await ResponseBodyWriter.WriteAsync(context.HttpContext, context.Object, info, format, options, format == JsonableFormat.Json ? AppJsonLayout.For(context.HttpContext, mvc: true) : null).ConfigureAwait(false);
        JsonableLog.ResponseWritten(logger, info.Type.Name, format);
    }
}
