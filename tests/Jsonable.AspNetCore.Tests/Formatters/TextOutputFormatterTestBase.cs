using System.Text;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>The JSON output formatters (Jsonable's and STJ's): text, so the Content-Type's charset must say how the bytes decode.</summary>
public abstract class TextOutputFormatterTestBase : OutputFormatterTestBase
{
    /// <inheritdoc />
    protected override string DefaultMediaType => "application/json";

    /// <inheritdoc />
    protected override string DefaultContentType => "application/json; charset=utf-8";

    /// <inheritdoc />
    protected override IReadOnlyList<string> WritableContentTypes =>
        ["application/json", "APPLICATION/JSON", "text/json"];

    /// <inheritdoc />
    protected override IReadOnlyList<string> OtherFormatContentTypes => ["application/jsonc+jmc1"];

    /// <summary>
    /// The charset written when UTF-16 is asked for: STJ transcodes to UTF-16; Jsonable writes only UTF-8 (what every
    /// JSON client reads, RFC 8259 §8.1) and says so in the Content-Type.
    /// </summary>
    protected abstract string CharsetWrittenWhenUtf16IsAsked { get; }

    /// <inheritdoc />
    protected override byte[] AsJson(byte[] body, string contentType)
    {
        Assert.False(body.AsSpan().StartsWith("/*JMC1*/"u8), "A JSON response starts with the JMC1 header.");
        Encoding encoding = MediaType.GetEncoding(contentType) ?? Encoding.UTF8;
        return Encoding.UTF8.GetBytes(encoding.GetString(body));
    }

    [Theory]
    [InlineData("utf-16")]
    [InlineData("UTF-16, utf-8;q=0.5")]
    public async Task WriteAsync_Utf16Asked_TheDeclaredCharsetDecodesTheBody(string acceptCharset)
    {
        Order value = Orders.Sample();

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(
            typeof(Order), value, DefaultMediaType, http => http.Request.Headers.AcceptCharset = acceptCharset);

        string written = context.HttpContext.Response.ContentType!;
        Assert.Equal(CharsetWrittenWhenUtf16IsAsked, new MediaType(written).Charset.ToString(), ignoreCase: true);
        JsonData.AssertEqual(StjWebDefaults(value), AsJson(body, written));
    }

    /// <summary>A content type an action or the client asks for, whether the server set it, and the one written (null: refused).</summary>
    public static TheoryData<string, bool, string?> AskedContentTypes => new()
    {
        { "application/json", false, "application/json" },
        { "application/json", true, "application/json" },
        { "application/*", false, "application/json" },
        { "text/*", false, "text/json" },
        { "application/xml", true, null },
        { "custom/*", false, null },
        { "application/json;v=2", false, null },
        { "application/vnd.example+json", false, null },
        { "application/vnd.example+json", true, "application/vnd.example+json" },
        { "application/vnd.example+json;v=2", true, "application/vnd.example+json;v=2" },
    };

    [Theory]
    [MemberData(nameof(AskedContentTypes))]
    public void CanWriteResult_AskedContentType_PicksWhatMvcPicks(string asked, bool serverDefined, string? written)
    {
        OutputFormatterWriteContext context = FormatterContexts.Output(typeof(Order), Orders.Sample(), asked);
        context.ContentTypeIsServerDefined = serverDefined;

        bool canWrite = CreateFormatter().CanWriteResult(context);

        Assert.Equal(written is not null, canWrite);
        Assert.Equal(written ?? asked, context.ContentType.ToString());
    }

    [Fact]
    public async Task WriteAsync_MemberThatThrows_WritesNoClosedDocument()
    {
        // A getter that throws mid-object: whatever went out, the client never gets a document that looks complete.
        OutputFormatter formatter = CreateFormatter();
        OutputFormatterWriteContext context = FormatterContexts.Output(typeof(ThrowingModel), new ThrowingModel(), DefaultMediaType);
        Assert.True(formatter.CanWriteResult(context));

        await Record.ExceptionAsync(() => formatter.WriteAsync(context));

        Assert.DoesNotContain((byte)'}', FormatterContexts.WrittenBody(context));
    }

    [Fact]
    public async Task WriteAsync_Utf8_HasNoByteOrderMark()
    {
        (_, byte[] body) = await WriteAsync(typeof(Order), Orders.Sample(), DefaultMediaType, http => http.Request.Headers.AcceptCharset = "utf-8");

        Assert.Equal((byte)'{', body[0]);
    }
}
