using System.Text;
using Jsonable.AspNetCore.Formatters;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging.Abstractions;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>The shared input suite against System.Text.Json's formatter with MVC's defaults: the reference.</summary>
public sealed class SystemTextJsonInputFormatterTests : TextInputFormatterTestBase
{
    /// <inheritdoc />
    protected override bool ClaimsTypesNoGeneratorSaw => true;

    /// <inheritdoc />
    protected override bool ReadsUtf16BigEndian => false;

    /// <inheritdoc />
    protected override string EmptyChunkedBodyKey => "$";

    /// <inheritdoc />
    protected override IInputFormatter CreateFormatter() => new SystemTextJsonInputFormatter(new JsonOptions(), NullLogger<SystemTextJsonInputFormatter>.Instance);
}

/// <summary>The shared input suite against Jsonable's JSON formatter.</summary>
public sealed class JsonableJsonInputFormatterTests : TextInputFormatterTestBase
{
    /// <inheritdoc />
    protected override bool ClaimsTypesNoGeneratorSaw => false;

    /// <inheritdoc />
    protected override bool ReadsUtf16BigEndian => true;

    /// <inheritdoc />
    protected override string EmptyChunkedBodyKey => string.Empty;

    /// <inheritdoc />
    protected override IInputFormatter CreateFormatter() => new JsonableJsonInputFormatter(new JsonableOptions(), NullLogger<JsonableJsonInputFormatter>.Instance);
}

/// <summary>
/// The shared input suite against Jsonable's JMC1 formatter, with each JSON document turned into JMC1 (a header before
/// every object; length comments are optional hints a reader validates), plus what only JMC1 has.
/// </summary>
public sealed class JsonableJmc1InputFormatterTests : InputFormatterTestBase
{
    /// <inheritdoc />
    protected override string ContentType => "application/jsonc+jmc1";

    /// <inheritdoc />
    protected override IReadOnlyList<string> ReadableContentTypes => ["application/jsonc+jmc1", "APPLICATION/JSONC+JMC1"];

    /// <inheritdoc />
    protected override IReadOnlyList<string> OtherFormatContentTypes => ["application/json", "text/json", "application/problem+json"];

    /// <inheritdoc />
    protected override bool ClaimsTypesNoGeneratorSaw => false;

    /// <inheritdoc />
    protected override string EmptyChunkedBodyKey => string.Empty;

    /// <inheritdoc />
    protected override IInputFormatter CreateFormatter() => new JsonableJmc1InputFormatter(new JsonableOptions(), NullLogger<JsonableJmc1InputFormatter>.Instance);

    /// <inheritdoc />
    protected override byte[] Body(string json)
    {
        // A header before every object, and before a root that is not one; nothing inside strings is touched.
        var jmc1 = new StringBuilder();
        if (!json.StartsWith('{'))
        {
            jmc1.Append("/*JMC1*/");
        }

        bool inString = false;
        for (int i = 0; i < json.Length; i++)
        {
            char c = json[i];
            if (inString)
            {
                inString = !(c == '"' && json[i - 1] != '\\');
            }
            else if (c == '"')
            {
                inString = true;
            }
            else if (c == '{')
            {
                jmc1.Append("/*JMC1*/");
            }

            jmc1.Append(c);
        }

        return Encoding.UTF8.GetBytes(jmc1.ToString());
    }

    [Fact]
    public async Task ReadAsync_BodyWithLengthComments_AsTheGeneratedWriterWritesIt_BindsEveryMember()
    {
        Order expected = Orders.Sample();
        byte[] body = expected.ToJsonable().ToArray();
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, TestBodies.Trickle(body, 1), body.Length, false, CancellationToken.None);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    [Fact]
    public async Task ReadAsync_CharsetParameter_IsIgnored_TheBytesAreJmc1()
    {
        // JMC1 is a byte format (a length comment's low byte can be any byte): no charset is applied to it.
        Order expected = Orders.Sample();
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), "application/jsonc+jmc1; charset=utf-16", expected.ToJsonable().ToArray());

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        Orders.AssertSame(expected, Assert.IsType<Order>(result.Model));
    }

    [Fact]
    public async Task ReadAsync_LengthCommentThatLies_IsAModelErrorAtTheMember()
    {
        // The length comment claims 3 bytes for the 4-byte "name": a hint is checked, not trusted.
        byte[] body = Jmc1Oracle.Build("/*JMC1*/{\"name\":", 3, "\"abcd\"}");
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), ContentType, body);

        InputFormatterResult result = await CreateFormatter().ReadAsync(context);

        AssertModelError(result, context, "$.name");
    }
}
