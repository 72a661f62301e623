using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// What every input formatter here must do, run against Jsonable's JSON and JMC1 formatters and System.Text.Json's
/// (the reference), in the manner of ASP.NET Core's <c>JsonInputFormatterTestBase</c>: which requests it claims, what a
/// valid, invalid, empty, chunked or trickled body binds to, and which failures stay failures of the request rather
/// than model errors. Where Jsonable and STJ legitimately differ, a property of the derived class says so and the
/// test asserts the stated behaviour.
/// </summary>
public abstract class InputFormatterTestBase
{
    /// <summary>The formatter under test, with default options.</summary>
    protected abstract IInputFormatter CreateFormatter();

    /// <summary>The Content-Type the tests send bodies as.</summary>
    protected abstract string ContentType { get; }

    /// <summary>Content types this formatter must read (parameters included).</summary>
    protected abstract IReadOnlyList<string> ReadableContentTypes { get; }

    /// <summary>Content types of the other wire format, which this formatter must leave to its sibling.</summary>
    protected abstract IReadOnlyList<string> OtherFormatContentTypes { get; }

    /// <summary>
    /// STJ binds any type; Jsonable's formatters claim only generated types (and collections of them) so that STJ keeps
    /// serving everything else (<c>ProblemDetails</c>, plain DTOs).
    /// </summary>
    protected abstract bool ClaimsTypesNoGeneratorSaw { get; }

    /// <summary>A JSON document as this formatter's wire format (JMC1: with the headers; the length comments are optional hints).</summary>
    protected abstract byte[] Body(string json);

    /// <summary>
    /// An empty body sent without <c>Content-Length</c> (chunked). MVC's base class handles a declared zero length for
    /// every formatter (no value); for an undeclared one STJ reports a parse error at <c>$</c>, Jsonable "a non-empty
    /// body is required" under the model name — both are 400s.
    /// </summary>
    protected abstract string EmptyChunkedBodyKey { get; }

    public static TheoryData<string> ContentTypesNoJsonFormatterReads => ["text/plain", "application/xml", "text/xml", "application/x-www-form-urlencoded", "multipart/form-data", "application/octet-stream"];

    /// <summary>Invalid documents and the JSON path each one's error is keyed by (the same for every formatter).</summary>
    public static TheoryData<string, string> InvalidBodiesAndPaths => new()
    {
        { """{"name":"a","count":"three"}""", "$.count" },
        { """{"name":"a","count":99999999999}""", "$.count" },
        { """{"primary":{"sku":"a","quantity":true}}""", "$.primary.quantity" },
        { """{"lines":[{"sku":"a"},{"sku":"b","quantity":1.5}]}""", "$.lines[1].quantity" },
        { """{"lines":{"sku":"a"}}""", "$.lines" },
        { """{"total":null}""", "$.total" },
        { """[{"name":"a"}]""", "$" },
        { """{"lines":[{"quantity":1},{"quantity":2147483648}]}""", "$.lines[1].quantity" },
        { """{"primary":{"sku":"a","quantity":-2147483649}}""", "$.primary.quantity" },
    };

    [Fact]
    public void CanRead_ContentTypesOfItsFormat_ClaimsGeneratedTypes()
    {
        IInputFormatter formatter = CreateFormatter();
        Assert.NotEmpty(ReadableContentTypes);

        foreach (string contentType in ReadableContentTypes)
        {
            Assert.True(CanRead(formatter, typeof(Order), contentType), contentType);
        }
    }

    [Theory]
    [MemberData(nameof(ContentTypesNoJsonFormatterReads))]
    public void CanRead_OtherMediaTypes_False(string contentType)
    {
        Assert.False(CanRead(CreateFormatter(), typeof(Order), contentType));
    }

    [Fact]
    public void CanRead_TheOtherWireFormat_False()
    {
        IInputFormatter formatter = CreateFormatter();
        Assert.NotEmpty(OtherFormatContentTypes);

        foreach (string contentType in OtherFormatContentTypes)
        {
            Assert.False(CanRead(formatter, typeof(Order), contentType), contentType);
        }
    }

    [Fact]
    public void CanRead_NoContentType_False()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, FormatterContexts.Utf8("{}"));
        context.HttpContext.Request.ContentType = null;

        Assert.False(CreateFormatter().CanRead(context));
    }

    [Theory]
    [InlineData(typeof(Order))]
    [InlineData(typeof(List<Order>))]
    [InlineData(typeof(Order[]))]
    public void CanRead_GeneratedTypesAndCollectionsOfThem_True(Type type)
    {
        Assert.True(CanRead(CreateFormatter(), type, ContentType));
    }

    [Fact]
    public void CanRead_TypeNoGeneratorSaw_AsDeclared()
    {
        Assert.Equal(ClaimsTypesNoGeneratorSaw, CanRead(CreateFormatter(), typeof(NotGenerated), ContentType));
    }

    [Fact]
    public void ExceptionPolicy_OnlyMalformedInputBecomesAModelError()
    {
        // Read through the interface, as MVC's BodyModelBinder does.
        var policy = Assert.IsAssignableFrom<IInputFormatterExceptionPolicy>(CreateFormatter());

        Assert.Equal(InputFormatterExceptionPolicy.MalformedInputExceptions, policy.ExceptionPolicy);
    }

    [Fact]
    public async Task ReadAsync_ValidBody_BindsEveryMember()
    {
        Order expected = Orders.Sample();
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body(Serialize(expected)));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertBound(result, context);
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    [Fact]
    public async Task ReadAsync_MembersInAnyCaseAndOrder_BindsThem()
    {
        // MVC's web defaults read names ignoring case; turning Jsonable on must not change which bodies bind.
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body("""{"COUNT":4,"unknown":[1,{"x":2}],"Name":"n"}"""));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertBound(result, context);
        var order = Assert.IsType<Order>(result.Model);
        Assert.Equal(4, order.Count);
        Assert.Equal("n", order.Name);
    }

    [Fact]
    public async Task ReadAsync_ArrayBody_BindsTheCollection()
    {
        List<Order> expected = Orders.Many(3);
        InputFormatterContext context = FormatterContexts.Input(typeof(List<Order>), ContentType, Body(Serialize(expected)));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertBound(result, context);
        var actual = Assert.IsType<List<Order>>(result.Model);
        Assert.Equal(expected.Count, actual.Count);
        for (int i = 0; i < expected.Count; i++)
        {
            Orders.AssertSame(expected[i], actual[i]);
        }
    }

    [Theory]
    [MemberData(nameof(InvalidBodiesAndPaths))]
    public async Task ReadAsync_InvalidBody_IsAModelErrorKeyedByTheJsonPath(string json, string path)
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body(json));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertModelError(result, context, path);
    }

    [Fact]
    public async Task ReadAsync_TruncatedBody_IsAModelError()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body("""{"name":"a","count":1"""));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertModelError(result, context, "$.count");
    }

    [Fact]
    public async Task ReadAsync_InvalidBody_ErrorCarriesAMessageForTheClient()
    {
        // With AllowInputFormatterExceptionMessages on (the default of both), the formatter reports an
        // InputFormatterException, which model state keeps as its message: what [ApiController] puts in the 400.
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body("""{"count":"three"}"""));

        await CreateFormatter().ReadAsync(context);

        ModelError error = Assert.Single(context.ModelState["$.count"]!.Errors);
        Assert.Null(error.Exception);
        Assert.False(string.IsNullOrWhiteSpace(error.ErrorMessage));
    }

    [Fact]
    public async Task ReadAsync_NullLiteral_BindsNoValue()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, FormatterContexts.Utf8("null"));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Assert.False(result.IsModelSet);
        Assert.True(context.ModelState.IsValid);
    }

    [Fact]
    public async Task ReadAsync_NullLiteral_WhenEmptyIsAllowed_BindsNull()
    {
        // EmptyBodyBehavior.Allow, a nullable or defaulted parameter (MVC sets TreatEmptyInputAsDefaultValue): null is the value.
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body("null"), treatEmptyInputAsDefaultValue: true);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Assert.True(result.IsModelSet);
        Assert.Null(result.Model);
    }

    [Fact]
    public async Task ReadAsync_ModelStateNearItsErrorLimit_ReportsTooManyErrors_NotTheMember()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, Body("""{"name":"a","count":"three"}"""));
        context.ModelState.MaxAllowedErrors = 3;
        context.ModelState.AddModelError("first", "error 1");
        context.ModelState.AddModelError("second", "error 2");

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.True(result.HasError);
        Assert.False(context.ModelState.ContainsKey("$.count"));
        Assert.IsType<TooManyModelErrorsException>(Assert.Single(context.ModelState[string.Empty]!.Errors).Exception);
    }

    [Fact]
    public async Task ReadAsync_BufferedRequestAtAnOffset_ReadsFromThere_AndLeavesTheBodyReadable()
    {
        byte[] prefix = Encoding.UTF8.GetBytes("abc");
        byte[] json = Body("""{"name":"buffered"}""");
        byte[] all = [.. prefix, .. json];
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, all);
        context.HttpContext.Request.ContentLength = json.Length;
        context.HttpContext.Request.EnableBuffering();
        context.HttpContext.Request.Body.Position = prefix.Length;

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Assert.Equal("buffered", Assert.IsType<Order>(result.Model).Name);
        Stream body = context.HttpContext.Request.Body;
        body.Position = 0;
        using var copy = new MemoryStream();
        await body.CopyToAsync(copy);
        Assert.Equal(all, copy.ToArray());
    }

    [Fact]
    public async Task ReadAsync_DeclaredEmptyBody_BindsNoValue()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, []);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError);
        Assert.False(result.IsModelSet);
    }

    [Fact]
    public async Task ReadAsync_DeclaredEmptyBody_WhenEmptyIsAllowed_BindsTheDefault()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, [], treatEmptyInputAsDefaultValue: true);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError);
        Assert.True(result.IsModelSet);
        Assert.Null(result.Model);
    }

    [Fact]
    public async Task ReadAsync_ChunkedEmptyBody_IsAModelError()
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, [], chunked: true);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertModelError(result, context, EmptyChunkedBodyKey);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    public async Task ReadAsync_BodyArrivingInTinySegments_BindsEveryMember(int bytesPerRead)
    {
        // Multi-byte characters and length comments are cut across segments.
        Order expected = Orders.Sample();
        byte[] body = Body(Serialize(expected));
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, TestBodies.Trickle(body, bytesPerRead), body.Length, false, CancellationToken.None);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertBound(result, context);
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    [Fact]
    public async Task ReadAsync_LargeChunkedBody_BindsEveryElement()
    {
        List<Order> expected = Orders.Many(3000);
        byte[] body = Body(Serialize(expected));
        Assert.True(body.Length > 256 * 1024, $"only {body.Length} bytes");
        InputFormatterContext context = FormatterContexts.Input(typeof(List<Order>), ContentType, TestBodies.Trickle(body, 4093), contentLength: null, false, CancellationToken.None);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertBound(result, context);
        var actual = Assert.IsType<List<Order>>(result.Model);
        Assert.Equal(expected.Count, actual.Count);
        Orders.AssertSame(expected[^1], actual[^1]);
        Orders.AssertSame(expected[1234], actual[1234]);
    }

    [Fact]
    public async Task ReadAsync_BodyTooLarge_ThrowsTheServersErrorInsteadOfAModelError()
    {
        // Kestrel fails the read with a 413 BadHttpRequestException: it must reach the server (413), not become a 400.
        var tooLarge = new BadHttpRequestException("Request body too large.", StatusCodes.Status413PayloadTooLarge);
        byte[] prefix = Body("""{"name":"a","lines":[""");
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, TestBodies.FailingAfter(prefix, tooLarge), contentLength: null, false, CancellationToken.None);

        var thrown = await Assert.ThrowsAsync<BadHttpRequestException>(() => CreateFormatter().ReadAsync(context));

        Assert.Equal(StatusCodes.Status413PayloadTooLarge, thrown.StatusCode);
        Assert.True(context.ModelState.IsValid, FormatterContexts.Describe(context.ModelState));
    }

    [Fact]
    public async Task ReadAsync_RequestAbortedWhileReading_ThrowsOperationCanceled_AndAddsNoModelError()
    {
        using var aborted = new CancellationTokenSource();
        byte[] prefix = Body("""{"name":"a","lines":[""");
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, TestBodies.StallingAfter(prefix, aborted.Token), contentLength: null, false, aborted.Token);

        Task<InputFormatterResult> read = CreateFormatter().ReadAsync(context);
        await aborted.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read);
        Assert.True(context.ModelState.IsValid, FormatterContexts.Describe(context.ModelState));
    }

    /// <summary>The value as STJ's web defaults write it (the names every formatter here reads).</summary>
    protected static string Serialize<T>(T value) => JsonSerializer.Serialize(value, JsonSerializerOptions.Web);

    private static bool CanRead(IInputFormatter formatter, Type type, string contentType)
        => formatter.CanRead(FormatterContexts.Input(type, contentType, FormatterContexts.Utf8("{}")));

    private static void AssertBound(InputFormatterResult result, InputFormatterContext context)
    {
        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Assert.True(result.IsModelSet);
        Assert.True(context.ModelState.IsValid);
    }

    /// <summary>A failed read with exactly one model error, under <paramref name="key"/>.</summary>
    protected static void AssertModelError(InputFormatterResult result, InputFormatterContext context, string key)
    {
        Assert.True(result.HasError, "The read succeeded: " + result.Model);
        Assert.False(context.ModelState.IsValid);
        string errors = FormatterContexts.Describe(context.ModelState);
        Assert.True(context.ModelState.TryGetValue(key, out ModelStateEntry? entry), $"No error keyed '{key}': {errors}");
        Assert.Single(entry!.Errors);
        Assert.Equal(1, context.ModelState.ErrorCount);
    }
}
