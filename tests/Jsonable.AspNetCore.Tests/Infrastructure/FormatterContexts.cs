using System.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Primitives;

namespace Jsonable.AspNetCore.Tests.Infrastructure;

/// <summary>The contexts MVC hands a formatter, built over a <see cref="DefaultHttpContext"/> (no server, no sample app).</summary>
public static class FormatterContexts
{
    private static readonly IServiceProvider s_services = new ServiceCollection().AddOptions().AddLogging().BuildServiceProvider();

    /// <summary>A request whose body is <paramref name="body"/>, declared with <c>Content-Length</c> unless <paramref name="chunked"/>.</summary>
    public static InputFormatterContext Input(Type modelType, string contentType, byte[] body, bool chunked = false, bool treatEmptyInputAsDefaultValue = false)
        => Input(modelType, contentType, new MemoryStream(body), chunked ? null : body.Length, treatEmptyInputAsDefaultValue, CancellationToken.None);

    /// <summary>A request whose body is read from <paramref name="body"/>.</summary>
    public static InputFormatterContext Input(Type modelType, string contentType, Stream body, long? contentLength, bool treatEmptyInputAsDefaultValue, CancellationToken requestAborted)
    {
        var http = new DefaultHttpContext { RequestServices = s_services, RequestAborted = requestAborted };
        http.Request.Method = HttpMethods.Post;
        http.Request.ContentType = contentType;
        http.Request.ContentLength = contentLength;
        http.Request.Body = body;
        var metadata = new EmptyModelMetadataProvider().GetMetadataForType(modelType);
        return new InputFormatterContext(http, modelName: string.Empty, new ModelStateDictionary(), metadata, (stream, encoding) => new StreamReader(stream, encoding), treatEmptyInputAsDefaultValue);
    }

    /// <summary>A response to write <paramref name="value"/> into, as <paramref name="contentType"/> (null: the formatter picks).</summary>
    public static OutputFormatterWriteContext Output(Type objectType, object? value, string? contentType, CancellationToken requestAborted = default)
    {
        var http = new DefaultHttpContext { RequestServices = s_services, RequestAborted = requestAborted };
        http.Response.Body = new MemoryStream();
        return new OutputFormatterWriteContext(http, (stream, encoding) => new StreamWriter(stream, encoding), objectType, value)
        {
            ContentType = contentType is null ? default : new StringSegment(contentType),
        };
    }

    /// <summary>The bytes written to the response body.</summary>
    public static byte[] WrittenBody(OutputFormatterWriteContext context) => ((MemoryStream)context.HttpContext.Response.Body).ToArray();

    /// <summary>The errors model state holds, as "key: exception type" lines (for failure messages).</summary>
    public static string Describe(ModelStateDictionary modelState) =>
        string.Join("; ", modelState.Select(e => $"'{e.Key}': " + string.Join(", ", e.Value!.Errors.Select(x => x.Exception?.GetType().Name + " " + (x.Exception?.Message ?? x.ErrorMessage)))));

    /// <summary>UTF-8 without a BOM.</summary>
    public static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);
}
