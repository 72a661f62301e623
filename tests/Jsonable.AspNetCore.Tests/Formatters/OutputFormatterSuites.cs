using Jsonable.AspNetCore.Formatters;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Jsonable.Tests.Shared;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging.Abstractions;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>The shared output suite against System.Text.Json's formatter with MVC's defaults: the reference.</summary>
public sealed class SystemTextJsonOutputFormatterTests : TextOutputFormatterTestBase
{
    /// <inheritdoc />
    protected override bool ClaimsTypesNoGeneratorSaw => true;

    /// <inheritdoc />
    protected override bool SendsContentLengthAndVaryAccept => false;

    /// <inheritdoc />
    protected override bool ThrowsWhenAborted => false;

    /// <inheritdoc />
    protected override string CharsetWrittenWhenUtf16IsAsked => "utf-16";

    /// <inheritdoc />
    protected override OutputFormatter CreateFormatter() => new SystemTextJsonOutputFormatter(new JsonOptions().JsonSerializerOptions);
}

/// <summary>The shared output suite against Jsonable's JSON formatter.</summary>
public sealed class JsonableJsonOutputFormatterTests : TextOutputFormatterTestBase
{
    /// <inheritdoc />
    protected override bool ClaimsTypesNoGeneratorSaw => false;

    /// <inheritdoc />
    protected override bool SendsContentLengthAndVaryAccept => true;

    /// <inheritdoc />
    protected override bool ThrowsWhenAborted => true;

    /// <inheritdoc />
    protected override string CharsetWrittenWhenUtf16IsAsked => "utf-8";

    /// <inheritdoc />
    protected override OutputFormatter CreateFormatter() => new JsonableJsonOutputFormatter(new JsonableOptions(), NullLogger<JsonableJsonOutputFormatter>.Instance);

    [Fact]
    public async Task WriteAsync_Object_IsExactlyWhatTheGeneratedWriterWrites()
    {
        Order value = Orders.Sample();

        (_, byte[] body) = await WriteAsync(typeof(Order), value, DefaultMediaType);

        Assert.Equal(System.Text.Encoding.UTF8.GetBytes(value.ToJson()), body);
    }
}

/// <summary>The shared output suite against Jsonable's JMC1 formatter, plus what only JMC1 has.</summary>
public sealed class JsonableJmc1OutputFormatterTests : OutputFormatterTestBase
{
    /// <inheritdoc />
    protected override string DefaultMediaType => "application/jsonc+jmc1";

    /// <inheritdoc />
    protected override string DefaultContentType => "application/jsonc+jmc1";

    /// <inheritdoc />
    protected override IReadOnlyList<string> WritableContentTypes => ["application/jsonc+jmc1", "APPLICATION/JSONC+JMC1"];

    /// <inheritdoc />
    protected override IReadOnlyList<string> OtherFormatContentTypes => ["application/json", "text/json", "application/problem+json"];

    /// <inheritdoc />
    protected override bool ClaimsTypesNoGeneratorSaw => false;

    /// <inheritdoc />
    protected override bool SendsContentLengthAndVaryAccept => true;

    /// <inheritdoc />
    protected override bool ThrowsWhenAborted => true;

    /// <inheritdoc />
    protected override OutputFormatter CreateFormatter() => new JsonableJmc1OutputFormatter(new JsonableOptions(), NullLogger<JsonableJmc1OutputFormatter>.Instance);

    /// <inheritdoc />
    protected override byte[] AsJson(byte[] body, string contentType)
    {
        Assert.True(Jmc1Oracle.StartsWithHeader(body), "A JMC1 response does not start with /*JMC1*/.");
        return Jmc1Oracle.StripComments(body);
    }

    [Fact]
    public async Task WriteAsync_Object_IsExactlyWhatTheGeneratedWriterWrites_WithoutACharset()
    {
        Order value = Orders.Sample();

        (OutputFormatterWriteContext context, byte[] body) = await WriteAsync(typeof(Order), value, DefaultMediaType);

        // A byte format: a charset would invite a client to decode the length comments as text.
        Assert.Equal("application/jsonc+jmc1", context.HttpContext.Response.ContentType);
        Assert.Equal(value.ToJsonable().ToArray(), body);
    }
}
