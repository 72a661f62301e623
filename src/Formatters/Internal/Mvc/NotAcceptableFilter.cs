using System;
using System.Linq;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Formatters;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Gives MVC the answers minimal APIs give (one answer from both stacks). <c>?format=jmc1|json</c> picks the format of a
/// Jsonable type's result, over <c>Accept</c> (any other action or type ignores the query, as without Jsonable). When the
/// app opts into 406 (<see cref="MvcOptions.ReturnHttpNotAcceptable"/>), an <c>Accept</c> nothing satisfies — a q=0
/// range included, which MVC's own selection treats as merely least preferred — is a 406 problem (with
/// <c>Vary: Accept</c>) instead of an empty 406; for POST, PUT, PATCH and DELETE it is found before the action runs
/// (after binding, so a bad Content-Type or body is still a 415 or 400, as for minimal APIs); and a problem-details
/// result no formatter can write in the accepted types (a client that accepts only JMC1) is written as
/// <c>application/problem+json</c> instead of turning into an empty 406. Without the option MVC answers as it always
/// has: its first formatter that can write the value. A 415 is a problem naming what the action reads.
/// </summary>
internal sealed class NotAcceptableFilter(JsonableOptions options) : IActionFilter, IAlwaysRunResultFilter
{
    private FormatterCollection<IOutputFormatter>? _formattersForValues;
    private bool? _returnHttpNotAcceptable;
    private int _writtenMediaTypes;

    public void OnActionExecuting(ActionExecutingContext context)
    {
        HttpRequest request = context.HttpContext.Request;
        if (HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method) || HttpMethods.IsOptions(request.Method) || HttpMethods.IsTrace(request.Method))
        {
            return; // safe methods: the result is checked before it is written, below
        }

        if (ReturnsNotAcceptable(context.HttpContext)
            && context.ActionDescriptor is ControllerActionDescriptor action && DeclaredResponseType(action.MethodInfo.ReturnType) is { } declared
            && !CanNegotiate(context.HttpContext, declared, value: null, new ObjectResult(null) { Formatters = FormattersForValues(context.HttpContext) }))
        {
            context.Result = new ProblemResult(new ProblemDetails { Status = StatusCodes.Status406NotAcceptable, Detail = ContentNegotiation.NotAcceptableDetail }, customized: false);
        }
    }

    public void OnActionExecuted(ActionExecutedContext context)
    {
    }

    public void OnResultExecuting(ResultExecutingContext context)
    {
        if (context.Result is UnsupportedMediaTypeResult)
        {
            // Controllers without [ApiController] get no problem details from MVC for a 415.
            context.Result = new ProblemResult(new ProblemDetails { Status = StatusCodes.Status415UnsupportedMediaType, Detail = UnsupportedDetail(context) }, customized: false);
            return;
        }

        if (context.Result is ObjectResult { Value: ProblemDetails { Status: StatusCodes.Status415UnsupportedMediaType, Detail: null } unsupported })
        {
            // [ApiController]'s client-error filter made the 415's problem (no detail): name what to send instead, as above.
            unsupported.Detail = UnsupportedDetail(context);
        }

        if (context.Result is not ObjectResult result)
        {
            return;
        }

        // The type the value is written as (a derived type behind a declared base: its runtime type), as the formatters judge it.
        Type? type = result.Value is null
            ? (result.DeclaredType is { } declared && declared != typeof(object) ? declared : null)
            : WrittenType.InfoOf(result.DeclaredType, result.Value)?.Type ?? WrittenType.Of(result.DeclaredType, result.Value);
        if (type is null || CanNegotiate(context.HttpContext, type, result.Value, result))
        {
            return;
        }

        context.Result = result.Value is ProblemDetails problem
            ? new ProblemResult(problem, customized: true, result.StatusCode)
            : new ProblemResult(new ProblemDetails { Status = StatusCodes.Status406NotAcceptable, Detail = ContentNegotiation.NotAcceptableDetail }, customized: false);
    }

    public void OnResultExecuted(ResultExecutedContext context)
    {
    }

    /// <summary>
    /// Whether the result can be written in a media type the client accepts, pointing it at the one <c>?format=</c> asks
    /// for (a Jsonable type only). Without <see cref="MvcOptions.ReturnHttpNotAcceptable"/> always true: MVC then falls
    /// back to its first formatter, as it does without Jsonable. With it, MVC's formatter selection must find a formatter
    /// in a media type the client did not refuse; when MVC's choice is refused (<c>application/json;q=0, text/*</c>), the
    /// result is pointed at the media type minimal APIs would answer in, if the client accepts one.
    /// </summary>
    private bool CanNegotiate(HttpContext http, Type type, object? value, ObjectResult result)
    {
        bool returnsNotAcceptable = ReturnsNotAcceptable(http);
        if (options.MapFormatQueryParameter && result.ContentTypes.Count == 0 && http.Request.QueryString.HasValue && FormatterCore.CanWrite(type)
            && http.Request.Query.TryGetValue("format", out StringValues format) && !StringValues.IsNullOrEmpty(format))
        {
            if (JsonableRequestFeature.Of(http).SelectResponseFormat(out string formatMediaType) is not null)
            {
                result.ContentTypes = [formatMediaType]; // ?format= wins over Accept, as in minimal APIs
                return true;
            }

            // A format Jsonable does not write (?format=xml): 406 when the app opted in; else JSON, never the JMC1 an
            // Accept might prefer (as without Jsonable), and MVC's own choice of JSON type (Accept: text/json) stands.
            if (returnsNotAcceptable)
            {
                return false;
            }

            JsonableRequestFeature feature = JsonableRequestFeature.Of(http);
            if (ContentNegotiation.SelectByAccept(feature.Accept, feature.Options, out _) == JsonableFormat.Jmc1)
            {
                result.ContentTypes = [JsonableMediaTypes.Json];
            }

            return true;
        }

        if (!returnsNotAcceptable || (result.ContentTypes.Count == 0 && http.Request.Headers.Accept.Count == 0))
        {
            return true; // without Accept, MVC takes the first formatter that can write the value
        }

        if (AcceptsOnlyWhatJsonableWrites(http, type, result))
        {
            return true; // MVC's own selection will find a Jsonable formatter: no need to run it twice
        }

        if (Selects(http, type, value, result, checkRefusal: true))
        {
            return true;
        }

        // Accept alone: ?format= was handled above, where it applies.
        JsonableRequestFeature request = JsonableRequestFeature.Of(http);
        if (result.ContentTypes.Count > 0
            || ContentNegotiation.SelectByAccept(request.Accept, request.Options, out string mediaType) is not { } negotiated
            || (negotiated == JsonableFormat.Jmc1 && !FormatterCore.CanWrite(type)))
        {
            return false;
        }

        // The negotiation rules already found this media type's format acceptable (application/json;q=0, */* answers
        // application/json, as System.Text.Json does): only whether a formatter writes it is left.
        result.ContentTypes = [mediaType];
        if (Selects(http, type, value, result, checkRefusal: false))
        {
            return true;
        }

        result.ContentTypes = [];
        return false;
    }

    private static bool Selects(HttpContext http, Type type, object? value, ObjectResult result, bool checkRefusal)
    {
        IServiceProvider services = http.RequestServices;
        var formatterContext = new OutputFormatterWriteContext(http, services.GetRequiredService<IHttpResponseStreamWriterFactory>().CreateWriter, type, value);
        IOutputFormatter? formatter = services.GetRequiredService<OutputFormatterSelector>().SelectFormatter(formatterContext, result.Formatters, result.ContentTypes);
        return formatter is not null && !(checkRefusal && ContentNegotiation.IsRefused(http, formatterContext.ContentType.ToString()));
    }

    /// <summary>
    /// Whether <c>Accept</c> is exactly one media type (no wildcard, no parameters, so nothing is refused) that a
    /// Jsonable formatter of the app writes for <paramref name="type"/>, and the result leaves the choice to the app's
    /// formatters: then MVC's selection finds that formatter, and the full selection need not be run here as well.
    /// </summary>
    private bool AcceptsOnlyWhatJsonableWrites(HttpContext http, Type type, ObjectResult result)
    {
        StringValues accept = http.Request.Headers.Accept;
        if (accept.Count != 1 || accept[0] is not { } header || result.ContentTypes.Count > 0 || result.Formatters.Count > 0 || !FormatterCore.CanWrite(type))
        {
            return false;
        }

        ReadOnlySpan<char> mediaType = header.AsSpan().Trim();
        (bool json, bool jmc1) = WrittenMediaTypes(http);
        return (json && (mediaType.Equals(JsonableMediaTypes.Json, StringComparison.OrdinalIgnoreCase) || mediaType.Equals(JsonableMediaTypes.TextJson, StringComparison.OrdinalIgnoreCase)))
            || (jmc1 && options.EnableJmc1 && mediaType.Equals(JsonableMediaTypes.Jmc1, StringComparison.OrdinalIgnoreCase));
    }

    /// <summary>Whether the app's output formatters include Jsonable's JSON and JMC1 formatters (MVC's options are final once the app runs).</summary>
    private (bool Json, bool Jmc1) WrittenMediaTypes(HttpContext http)
    {
        // One int, written once: bit 0 "known", bit 1 JSON, bit 2 JMC1.
        int written = _writtenMediaTypes;
        if (written == 0)
        {
            FormatterCollection<IOutputFormatter> formatters = http.RequestServices.GetRequiredService<IOptions<MvcOptions>>().Value.OutputFormatters;
            written = 1 | (formatters.Any(f => f is JsonableJsonOutputFormatter) ? 2 : 0) | (formatters.Any(f => f is JsonableJmc1OutputFormatter) ? 4 : 0);
            _writtenMediaTypes = written;
        }

        return ((written & 2) != 0, (written & 4) != 0);
    }

    /// <summary>Whether the app opted into 406 (MVC's options are final once the app runs).</summary>
    private bool ReturnsNotAcceptable(HttpContext http) =>
        _returnHttpNotAcceptable ??= http.RequestServices.GetRequiredService<IOptions<MvcOptions>>().Value.ReturnHttpNotAcceptable;

    /// <summary>The 415's detail: JMC1 among the accepted types only when a Jsonable formatter reads the action's body.</summary>
    private static string UnsupportedDetail(ResultExecutingContext context)
    {
        bool readsJmc1 = false;
        foreach (ParameterDescriptor parameter in context.ActionDescriptor.Parameters)
        {
            if (parameter.BindingInfo?.BindingSource == BindingSource.Body && FormatterCore.CanRead(parameter.ParameterType))
            {
                readsJmc1 = true;
                if (parameter.ParameterType.IsGenericType && parameter.ParameterType.GetGenericTypeDefinition() == typeof(JsonablePatch<>))
                {
                    PatchMediaTypes.AddAcceptPatch(context.HttpContext, JsonableRequestFeature.Of(context.HttpContext).Options); // the PATCH list, as minimal APIs name it
                }
            }
        }

        return ContentNegotiation.UnsupportedContentTypeDetail(context.HttpContext, readsJmc1);
    }

    /// <summary>
    /// The app's output formatters less the one that answers a null value with 204: before the action runs there is no
    /// value yet, and the formatter that will write one is what matters.
    /// </summary>
    private FormatterCollection<IOutputFormatter> FormattersForValues(HttpContext http)
    {
        if (_formattersForValues is { } cached)
        {
            return cached;
        }

        var formatters = new FormatterCollection<IOutputFormatter>();
        foreach (IOutputFormatter formatter in http.RequestServices.GetRequiredService<IOptions<MvcOptions>>().Value.OutputFormatters)
        {
            if (formatter is not HttpNoContentOutputFormatter)
            {
                formatters.Add(formatter);
            }
        }

        return _formattersForValues = formatters; // MVC's options are final once the app runs
    }

    /// <summary>The type an action's result is declared to hold (<c>T</c> of <c>ActionResult&lt;T&gt;</c>, <c>Task&lt;T&gt;</c>), or null for <c>IActionResult</c>.</summary>
    private static Type? DeclaredResponseType(Type returnType)
    {
        if (returnType.IsGenericType && (returnType.GetGenericTypeDefinition() == typeof(Task<>) || returnType.GetGenericTypeDefinition() == typeof(ValueTask<>)))
        {
            returnType = returnType.GetGenericArguments()[0];
        }

        if (returnType.IsGenericType && returnType.GetGenericTypeDefinition() == typeof(ActionResult<>))
        {
            return returnType.GetGenericArguments()[0];
        }

        bool unknown = typeof(IActionResult).IsAssignableFrom(returnType) || typeof(IConvertToActionResult).IsAssignableFrom(returnType)
            || returnType == typeof(void) || returnType == typeof(Task) || returnType == typeof(ValueTask);
        return unknown ? null : returnType;
    }

    /// <summary>Writes problem details through <see cref="ProblemDetailsResponder"/>.</summary>
    private sealed class ProblemResult(ProblemDetails problem, bool customized, int? statusCode = null) : IActionResult
    {
        public Task ExecuteResultAsync(ActionContext context)
        {
            HttpContext http = context.HttpContext;
            problem.Status ??= statusCode;
            if (!customized)
            {
                return ProblemDetailsResponder.WriteAsync(http, problem);
            }

            // Made by MVC's ProblemDetailsFactory, which already applied the app's customizations: write it as it is.
            http.Response.StatusCode = problem.Status ?? statusCode ?? StatusCodes.Status500InternalServerError;
            return ProblemDetailsResponder.WriteProblemJsonAsync(http, problem, customize: false);
        }
    }
}
