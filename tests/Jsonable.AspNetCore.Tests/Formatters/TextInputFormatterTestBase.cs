using System.Text;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// The JSON input formatters (Jsonable's and STJ's): text, so the request's <c>charset</c> decides how the bytes are
/// decoded; a charset neither reads is refused (MVC answers 415) rather than guessed at.
/// </summary>
public abstract class TextInputFormatterTestBase : InputFormatterTestBase
{
    /// <inheritdoc />
    protected override string ContentType => "application/json";

    /// <inheritdoc />
    protected override IReadOnlyList<string> ReadableContentTypes =>
        ["application/json", "APPLICATION/JSON", "application/json; charset=utf-8", "text/json", "application/problem+json", "application/vnd.example+json"];

    /// <inheritdoc />
    protected override IReadOnlyList<string> OtherFormatContentTypes => ["application/jsonc+jmc1"];

    /// <summary>
    /// STJ's formatter reads UTF-8 and UTF-16LE; Jsonable's also reads UTF-16BE (<c>charset=utf-16BE</c>), which a
    /// Java or .NET client can send.
    /// </summary>
    protected abstract bool ReadsUtf16BigEndian { get; }

    /// <inheritdoc />
    protected override byte[] Body(string json) => Encoding.UTF8.GetBytes(json);

    [Theory]
    [InlineData("utf-8")]
    [InlineData("UTF-8")]
    [InlineData("utf-16")]
    [InlineData("utf-16LE")]
    public async Task ReadAsync_BodyInADeclaredCharset_BindsEveryMember(string charset)
    {
        Order expected = Orders.Sample();
        byte[] body = Encoding.GetEncoding(charset).GetBytes(Serialize(expected));
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), "application/json; charset=" + charset, body);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    /// <summary>Spellings of a charset parameter (RFC 9110: a quoted value, any case, whitespace around the semicolon).</summary>
    public static TheoryData<string, string> CharsetSpellings => new()
    {
        { "application/json; charset=\"utf-8\"", "utf-8" },
        { "application/json; Charset=UTF-8", "utf-8" },
        { "application/json;charset=utf-8", "utf-8" },
        { "application/json ; charset=utf-8", "utf-8" },
        { "application/json; charset=\"UTF-16\"", "utf-16" },
    };

    [Theory]
    [MemberData(nameof(CharsetSpellings))]
    public async Task ReadAsync_CharsetParameterSpellings_NameTheCharset(string contentType, string charset)
    {
        Order expected = Orders.Sample();
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), contentType, Encoding.GetEncoding(charset).GetBytes(Serialize(expected)));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    [Fact]
    public async Task ReadAsync_Utf16BodyArrivingOneByteAtATime_BindsEveryMember()
    {
        // Every UTF-16 code unit, and the surrogate pair of the emoji, is split across reads.
        Order expected = Orders.Sample();
        byte[] body = Encoding.Unicode.GetBytes(Serialize(expected));
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), "application/json; charset=utf-16", TestBodies.Trickle(body, 1), body.Length, false, CancellationToken.None);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    [Fact]
    public async Task ReadAsync_Utf16BigEndianBody_AsDeclared()
    {
        Order expected = Orders.Sample();
        byte[] body = Encoding.BigEndianUnicode.GetBytes(Serialize(expected));
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), "application/json; charset=utf-16BE", body);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        if (ReadsUtf16BigEndian)
        {
            Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
            Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
        }
        else
        {
            AssertUnsupportedContentType(result, context);
        }
    }

    [Theory]
    [InlineData("iso-8859-1")]
    [InlineData("us-ascii")]
    [InlineData("bogus")]
    public async Task ReadAsync_CharsetNeitherReads_IsAnUnsupportedContentType(string charset)
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), "application/json; charset=" + charset, FormatterContexts.Utf8("""{"name":"a"}"""));

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertUnsupportedContentType(result, context);
    }

    /// <summary>The failure MVC turns into a 415: an <see cref="UnsupportedContentTypeException"/> in model state.</summary>
    private static void AssertUnsupportedContentType(InputFormatterResult result, InputFormatterContext context)
    {
        Assert.True(result.HasError, "The read succeeded: " + result.Model);
        Assert.Contains(
            context.ModelState.Values.SelectMany(v => v.Errors),
            e => e.Exception is Microsoft.AspNetCore.Mvc.ModelBinding.UnsupportedContentTypeException);
    }
}
