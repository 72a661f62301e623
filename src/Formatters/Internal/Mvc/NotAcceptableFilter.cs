using System;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Gives MVC the answers minimal APIs give (one answer from both stacks): an <c>Accept</c> nothing satisfies — a q=0
/// range included, which MVC's own selection treats as merely least preferred — is a 406 problem (with
/// <c>Vary: Accept</c>) instead of an empty 406; for POST, PUT, PATCH and DELETE it is found before the action runs
/// (after binding, so a bad Content-Type or body is still a 415 or 400, as for minimal APIs); and a problem-details result no formatter can write in the accepted types (a client
/// that accepts only JMC1) is written as <c>application/problem+json</c> instead of turning into an empty 406.
/// </summary>
internal sealed class NotAcceptableFilter : IActionFilter, IAlwaysRunResultFilter
{
    private FormatterCollection<IOutputFormatter>? _formattersForValues;

    public void OnActionExecuting(ActionExecutingContext context)
    {
        HttpRequest request = context.HttpContext.Request;
        if (HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method) || HttpMethods.IsOptions(request.Method) || HttpMethods.IsTrace(request.Method))
        {
            return; // safe methods: the result is checked before it is written, below
        }

        if (request.Query.ContainsKey("format"))
        {
            return; // ?format= overrides Accept (MVC's format filter): the result check below sees its choice
        }

        if (context.ActionDescriptor is ControllerActionDescriptor action && DeclaredResponseType(action.MethodInfo.ReturnType) is { } declared
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
            context.Result = new ProblemResult(new ProblemDetails { Status = StatusCodes.Status415UnsupportedMediaType, Detail = ContentNegotiation.UnsupportedContentTypeDetail(context.HttpContext) }, customized: false);
            return;
        }

        if (context.Result is ObjectResult { Value: ProblemDetails { Status: StatusCodes.Status415UnsupportedMediaType, Detail: null } unsupported })
        {
            // [ApiController]'s client-error filter made the 415's problem (no detail): name what to send instead, as above.
            unsupported.Detail = ContentNegotiation.UnsupportedContentTypeDetail(context.HttpContext);
        }

        if (context.Result is not ObjectResult result || context.HttpContext.Request.Headers.Accept.Count == 0)
        {
            return; // without Accept, MVC takes the first formatter that can write the value
        }

        Type? type = result.DeclaredType is { } declared && declared != typeof(object) ? declared : result.Value?.GetType();
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
    /// Whether MVC's formatter selection finds a formatter for the value in a media type the client did not refuse.
    /// When MVC's choice is refused (<c>application/json;q=0, */*</c>: MVC ignores an Accept with <c>*/*</c>), the
    /// result is pointed at the media type minimal APIs would answer in, if the client accepts one.
    /// </summary>
    private static bool CanNegotiate(HttpContext http, Type type, object? value, ObjectResult result)
    {
        if (Selects(http, type, value, result))
        {
            return true;
        }

        if (result.ContentTypes.Count > 0
            || JsonableRequestFeature.Of(http).SelectResponseFormat(out string mediaType) is not { } format
            || (format == JsonableFormat.Jmc1 && !FormatterCore.CanWrite(type)))
        {
            return false;
        }

        result.ContentTypes = [mediaType];
        if (Selects(http, type, value, result))
        {
            return true;
        }

        result.ContentTypes = [];
        return false;
    }

    private static bool Selects(HttpContext http, Type type, object? value, ObjectResult result)
    {
        IServiceProvider services = http.RequestServices;
        var formatterContext = new OutputFormatterWriteContext(http, services.GetRequiredService<IHttpResponseStreamWriterFactory>().CreateWriter, type, value);
        IOutputFormatter? formatter = services.GetRequiredService<OutputFormatterSelector>().SelectFormatter(formatterContext, result.Formatters, result.ContentTypes);
        return formatter is not null && !ContentNegotiation.IsRefused(http, formatterContext.ContentType.ToString());
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
