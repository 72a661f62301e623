using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// What every output formatter here must do, run against Jsonable's JSON and JMC1 formatters and System.Text.Json's
/// (the reference), in the manner of ASP.NET Core's <c>JsonOutputFormatterTestBase</c>: which responses it claims, the
/// bytes and Content-Type it writes (the same data STJ writes with MVC's web defaults), large bodies, and an aborted
/// request. Where Jsonable and STJ legitimately differ, a property of the derived class says so.
/// </summary>
public abstract class OutputFormatterTestBase
{
    /// <summary>Payloads past the 32 KiB response buffer, so they are streamed in pieces rather than buffered whole.</summary>
    protected const int LargeCount = 3000;

    /// <summary>The formatter under test, with default options.</summary>
    protected abstract OutputFormatter CreateFormatter();

    /// <summary>The media type the formatter picks when the action does not name one.</summary>
    protected abstract string DefaultMediaType { get; }

    /// <summary>The full Content-Type written for the default media type.</summary>
    protected abstract string DefaultContentType { get; }

    /// <summary>Content types this formatter must write.</summary>
    protected abstract IReadOnlyList<string> WritableContentTypes { get; }

    /// <summary>Content types of the other wire format, which this formatter must leave to its sibling.</summary>
    protected abstract IReadOnlyList<string> OtherFormatContentTypes { get; }

    /// <summary>STJ writes any type; Jsonable claims only generated types (and collections of them), so STJ keeps writing <c>ProblemDetails</c>.</summary>
    protected abstract bool ClaimsTypesNoGeneratorSaw { get; }

    /// <summary>
    /// Jsonable buffers a small response and sends <c>Content-Length</c> and <c>Vary: Accept</c> (its body depends on
    /// the negotiated format); STJ streams without a length and leaves <c>Vary</c> to the app.
    /// </summary>
    protected abstract bool SendsContentLengthAndVaryAccept { get; }

    /// <summary>
    /// On an aborted request STJ stops and returns quietly; Jsonable stops with <see cref="OperationCanceledException"/>,
    /// which the server treats as the client having gone. Neither writes anything.
    /// </summary>
    protected abstract bool ThrowsWhenAborted { get; }

    /// <summary>The written body as plain UTF-8 JSON (JMC1: with its comments stripped, which must leave JSON).</summary>
    protected abstract byte[] AsJson(byte[] body, string contentType);

    public static TheoryData<string> ContentTypesNoJsonFormatterWrites => ["text/plain", "application/xml", "text/html", "application/octet-stream"];

    [Fact]
    public void CanWriteResult_ContentTypesOfItsFormat_True()
    {
        Assert.NotEmpty(WritableContentTypes);
        foreach (string contentType in WritableContentTypes)
        {
            Assert.True(CanWrite(typeof(Order), contentType), contentType);
        }
    }

    [Theory]
    [MemberData(nameof(ContentTypesNoJsonFormatterWrites))]
    public void CanWriteResult_OtherMediaTypes_False(string contentType)
    {
        Assert.False(CanWrite(typeof(Order), contentType));
    }

    [Fact]
    public void CanWriteResult_TheOtherWireFormat_False()
    {
        Assert.NotEmpty(OtherFormatContentTypes);
        foreach (string contentType in OtherFormatContentTypes)
        {
            Assert.False(CanWrite(typeof(Order), contentType), contentType);
        }
    }

    [Theory]
    [InlineData(typeof(Order))]
    [InlineData(typeof(List<Order>))]
    [InlineData(typeof(Order[]))]
    public void CanWriteResult_GeneratedTypesAndCollectionsOfThem_True(Type type)
    {
        Assert.True(CanWrite(type, DefaultMediaType));
    }

    [Fact]
    public void CanWriteResult_TypeNoGeneratorSaw_AsDeclared()
    {
        Assert.Equal(ClaimsTypesNoGeneratorSaw, CanWrite(typeof(NotGenerated), DefaultMediaType));
        Assert.Equal(ClaimsTypesNoGeneratorSaw, CanWrite(typeof(Microsoft.AspNetCore.Mvc.ProblemDetails), DefaultMediaType));
    }

    [Fact]
    public void CanWriteResult_NoContentTypeAsked_PicksItsDefault()
    {
        OutputFormatterWriteContext context = FormatterContexts.Output(typeof(Order), Orders.Sample(), contentType: null);

        Assert.True(CreateFormatter().CanWriteResult(context));
        Assert.Equal(DefaultMediaType, new MediaType(context.ContentType).Type + "/" + new MediaType(context.ContentType).SubType);
    }

    [Fact]
    public async Task WriteAsync_Object_WritesWhatStjWrites_WithItsContentType()
    {
        Order value = Orders.Sample();

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(Order), value, DefaultMediaType);

        Assert.Equal(DefaultContentType, context.HttpContext.Response.ContentType);
        JsonData.AssertEqual(StjWebDefaults(value), AsJson(body, context.HttpContext.Response.ContentType!));
    }

    [Fact]
    public async Task WriteAsync_NonAsciiText_IsRawUtf8OrEscaped_NeverLost()
    {
        var value = new Order { Name = "é\u0000\u001f\"\\😀\u2028" };

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(Order), value, DefaultMediaType);

        using JsonDocument document = JsonDocument.Parse(AsJson(body, context.HttpContext.Response.ContentType!));
        Assert.Equal(value.Name, document.RootElement.GetProperty("name").GetString());
    }

    [Fact]
    public async Task WriteAsync_SmallObject_ContentLengthAndVaryAsDeclared()
    {
        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(Order), Orders.Sample(), DefaultMediaType);

        Assert.Equal(SendsContentLengthAndVaryAccept ? body.Length : null, context.HttpContext.Response.ContentLength);
        Assert.Equal(SendsContentLengthAndVaryAccept ? "Accept" : string.Empty, context.HttpContext.Response.Headers.Vary.ToString());
    }

    [Fact]
    public async Task WriteAsync_LargeCollection_WritesEveryElement_WithoutContentLength()
    {
        List<Order> value = Orders.Many(LargeCount);

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(List<Order>), value, DefaultMediaType);

        Assert.True(body.Length > 256 * 1024, $"only {body.Length} bytes");
        Assert.Null(context.HttpContext.Response.ContentLength);
        JsonData.AssertEqual(StjWebDefaults(value), AsJson(body, context.HttpContext.Response.ContentType!));
    }

    [Fact]
    public async Task WriteAsync_EmptyCollection_WritesAnEmptyArray()
    {
        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(List<Order>), new List<Order>(), DefaultMediaType);

        JsonData.AssertEqual("[]"u8, AsJson(body, context.HttpContext.Response.ContentType!));
    }

    [Fact]
    public async Task WriteAsync_RequestAlreadyAborted_WritesNothing()
    {
        // A large payload (flushed in pieces as it is written): not one piece goes out once the client has gone.
        List<Order> value = Orders.Many(LargeCount);
        using var aborted = new CancellationTokenSource();
        await aborted.CancelAsync();
        OutputFormatterWriteContext context = FormatterContexts.Output(typeof(List<Order>), value, DefaultMediaType, aborted.Token);
        Assert.True(CreateFormatter().CanWriteResult(context));

        Exception? thrown = await Record.ExceptionAsync(() => CreateFormatter().WriteAsync(context));

        if (ThrowsWhenAborted)
        {
            Assert.IsAssignableFrom<OperationCanceledException>(thrown);
        }
        else
        {
            Assert.Null(thrown);
        }

        Assert.Empty(FormatterContexts.WrittenBody(context));
    }

    [Fact]
    public async Task WriteAsync_ClientGoneMidResponse_StopsWriting()
    {
        List<Order> value = Orders.Many(LargeCount);
        int fullLength = (await WriteAsync(typeof(List<Order>), value, DefaultMediaType)).Body.Length;
        using var aborted = new CancellationTokenSource();
        OutputFormatterWriteContext context = FormatterContexts.Output(typeof(List<Order>), value, DefaultMediaType, aborted.Token);
        context.HttpContext.Response.Body = TestBodies.AbortingOnFirstWrite(aborted);
        Assert.True(CreateFormatter().CanWriteResult(context));

        Exception? thrown = await Record.ExceptionAsync(() => CreateFormatter().WriteAsync(context));

        if (ThrowsWhenAborted)
        {
            Assert.IsAssignableFrom<OperationCanceledException>(thrown);
        }
        else
        {
            Assert.Null(thrown);
        }

        // The first piece went out before the client left; the rest (most of the document) did not.
        int written = FormatterContexts.WrittenBody(context).Length;
        Assert.InRange(written, 1, fullLength / 2);
    }

    [Fact]
    public async Task WriteAsync_DerivedValueBehindADeclaredBase_WritesTheRuntimeType()
    {
        // An action declared ActionResult<SimpleModel> returning a DerivedModel, no polymorphism declared: the derived
        // members are written, not silently dropped.
        var value = new DerivedModel { Id = 10, Name = "test", Address = "Some address" };

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(SimpleModel), value, DefaultMediaType);

        JsonData.AssertEqual(StjWebDefaults<object>(value), AsJson(body, context.HttpContext.Response.ContentType!));
    }

    [Fact]
    public async Task WriteAsync_DeclaredObject_WritesTheRuntimeType()
    {
        Order value = Orders.Sample();

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(object), value, DefaultMediaType);

        JsonData.AssertEqual(StjWebDefaults(value), AsJson(body, context.HttpContext.Response.ContentType!));
    }

    [Fact]
    public async Task WriteAsync_DeclaredEnumerable_OfAnIterator_WritesEveryElement()
    {
        List<Order> orders = Orders.Many(3);
        IEnumerable<Order> value = orders.Select(o => o);

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(IEnumerable<Order>), value, DefaultMediaType);

        JsonData.AssertEqual(StjWebDefaults(orders), AsJson(body, context.HttpContext.Response.ContentType!));
    }

    [Fact]
    public void CanWriteResult_SubclassNoGeneratorSaw_BehindAGeneratedBase_AsDeclared()
    {
        // Written as its runtime type, which only System.Text.Json knows: Jsonable leaves it to STJ.
        OutputFormatterWriteContext context = FormatterContexts.Output(typeof(SimpleModel), new NotGeneratedDerivedModel { Extra = "x" }, DefaultMediaType);

        Assert.Equal(ClaimsTypesNoGeneratorSaw, CreateFormatter().CanWriteResult(context));
    }

    [Fact]
    public void CanWriteResult_DeclaredObject_AsTheRuntimeType()
    {
        Assert.True(CreateFormatter().CanWriteResult(FormatterContexts.Output(typeof(object), Orders.Sample(), DefaultMediaType)));
        Assert.Equal(ClaimsTypesNoGeneratorSaw, CreateFormatter().CanWriteResult(FormatterContexts.Output(typeof(object), new NotGenerated(), DefaultMediaType)));
    }

    /// <summary>Runs CanWriteResult (which picks the content type, as MVC does) then WriteAsync.</summary>
    protected async Task<(OutputFormatterWriteContext Context, byte[] Body)> WriteAsync(Type type, object? value, string? contentType, Action<HttpContext>? request = null)
    {
        OutputFormatter formatter = CreateFormatter();
        OutputFormatterWriteContext context = FormatterContexts.Output(type, value, contentType);
        request?.Invoke(context.HttpContext);
        Assert.True(formatter.CanWriteResult(context), $"{formatter.GetType().Name} does not write {type.Name} as {contentType}");
        await formatter.WriteAsync(context);
        return (context, FormatterContexts.WrittenBody(context));
    }

    /// <summary>What STJ writes with MVC's web defaults (camelCase names): the data every formatter must put on the wire.</summary>
    protected static byte[] StjWebDefaults<T>(T value) => JsonSerializer.SerializeToUtf8Bytes(value, JsonSerializerOptions.Web);

    private bool CanWrite(Type type, string contentType)
        => CreateFormatter().CanWriteResult(FormatterContexts.Output(type, null, contentType));
}
