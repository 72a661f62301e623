#nullable enable
using Jsonable.Internal;

namespace Jsonable.Runtime.Tests.SharedRules;

/// <summary>The one rule of which media types are JSON and which JMC1, shared by the ASP.NET Core package and the client.</summary>
public sealed class MediaTypeRulesTests
{
    [Theory]
    [InlineData("application/json")]
    [InlineData("APPLICATION/JSON")]
    [InlineData("text/json")]
    [InlineData("application/problem+json")]
    [InlineData("application/merge-patch+json")]
    [InlineData("application/vnd.api+JSON")]
    public void IsJson_JsonMediaTypes(string mediaType)
    {
        Assert.True(MediaTypeRules.IsJson(mediaType));
        Assert.False(MediaTypeRules.IsJmc1(mediaType));
    }

    [Theory]
    [InlineData("application/jsonc+jmc1")]
    [InlineData("Application/JSONC+JMC1")]
    public void IsJmc1_TheJmc1MediaType_WhichIsNotJson(string mediaType)
    {
        Assert.True(MediaTypeRules.IsJmc1(mediaType));
        Assert.False(MediaTypeRules.IsJson(mediaType)); // JMC1 is bytes: never read as plain JSON
    }

    [Theory]
    [InlineData("text/plain")]
    [InlineData("application/xml")]
    [InlineData("text/problem+json")] // only application/ has structured-syntax JSON types Jsonable reads
    [InlineData("application/jsonl")]
    [InlineData("application/json-seq")]
    [InlineData("")]
    public void Neither_OtherMediaTypes(string mediaType)
    {
        Assert.False(MediaTypeRules.IsJson(mediaType));
        Assert.False(MediaTypeRules.IsJmc1(mediaType));
    }

    [Theory]
    [InlineData("application/jsonl", JsonableStreamFormat.JsonLines)]
    [InlineData("Application/X-NDJSON", JsonableStreamFormat.JsonLines)]
    [InlineData("application/json", JsonableStreamFormat.JsonArray)]
    [InlineData("application/vnd.api+json", JsonableStreamFormat.JsonArray)]
    [InlineData("application/jsonc+jmc1", JsonableStreamFormat.Jmc1Array)]
    public void StreamFormat_JsonLinesJsonAndJmc1(string mediaType, JsonableStreamFormat format)
    {
        Assert.Equal(format, MediaTypeRules.StreamFormat(mediaType));
        Assert.Equal(format == JsonableStreamFormat.JsonLines, MediaTypeRules.IsJsonLines(mediaType));
    }

    [Theory]
    [InlineData("application/json-seq")]
    [InlineData("text/plain")]
    [InlineData("application/jsonlines")]
    public void StreamFormat_NoneForOthers(string mediaType)
    {
        Assert.Null(MediaTypeRules.StreamFormat(mediaType));
        Assert.False(MediaTypeRules.IsJsonLines(mediaType));
    }

    [Theory]
    [InlineData("utf-8", "utf-8")]
    [InlineData("\"utf-8\"", "utf-8")]
    [InlineData(" \"UTF-8\" ", "UTF-8")]
    [InlineData("\"ut\\f-8\"", "utf-8")] // a quoted-pair: the backslash escapes the next character
    [InlineData("\"\"", "")]
    [InlineData("\"", "\"")] // not a quoted-string: taken as it is (and names no charset)
    public void CharsetName_UnquotesAsRfc9110(string value, string name)
    {
        Assert.Equal(name, MediaTypeRules.CharsetName(value));
    }

    [Theory]
    [InlineData("utf-8", 65001)]
    [InlineData("\"UTF-8\"", 65001)]
    [InlineData("utf8", 65001)]
    [InlineData("\"utf-16\"", 1200)]
    [InlineData("Utf-16BE", 1201)]
    public void CharsetEncoding_QuotedOrNot_AnyCase(string value, int codePage)
    {
        Assert.Equal(codePage, MediaTypeRules.CharsetEncoding(value)?.CodePage);
    }

    [Theory]
    [InlineData("")]
    [InlineData("\"\"")]
    [InlineData("no-such-charset")]
    [InlineData("\"utf-8")]
    public void CharsetEncoding_NoKnownCharset_Null(string value)
    {
        Assert.Null(MediaTypeRules.CharsetEncoding(value));
    }
}
