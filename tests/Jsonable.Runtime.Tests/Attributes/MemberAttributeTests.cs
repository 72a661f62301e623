using System;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;

namespace Jsonable.Runtime.Tests.Attributes;

/// <summary>Member- and type-level STJ attributes beyond numbers, each checked against what STJ writes and reads.</summary>
public class MemberAttributeTests
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { PropertyNamingPolicy = null, TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
    private static readonly JsonDocumentOptions s_comments = new() { CommentHandling = JsonCommentHandling.Skip };

    [Fact]
    public void JsonIncludeFields_WriteStjBytes_InBothFormats()
    {
        var value = new FieldModel { Count = 3, NotIncluded = 4, Hidden = 6, First = 1.5, Property = 7 };
        value.SetName("n");

        string expected = JsonSerializer.Serialize(value, s_web);
        Assert.Equal("""{"First":1.5,"Property":7,"Count":3,"label":"n","Fixed":5}""", expected);
        Assert.Equal(expected, value.ToJson());
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), JsonNode.Parse(value.ToJsonable().ToArray(), documentOptions: s_comments)));
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void JsonIncludeFields_ReadAsStj(JsonableFormat format)
    {
        const string Json = """{"Count":3,"NotIncluded":4,"label":"n","Fixed":9,"Hidden":6,"First":1.5,"Property":7}""";
        FieldModel stj = JsonSerializer.Deserialize<FieldModel>(Json, s_web)!;
        FieldModel read = format == JsonableFormat.Json
            ? FieldModel.CreateFromJson(Encoding.UTF8.GetBytes(Json))
            : FieldModel.CreateFromJsonable(Jmc1Of(Json));

        Assert.Equal((stj.Count, stj.NotIncluded, stj.GetName(), stj.Fixed, stj.Hidden, stj.First, stj.Property), (read.Count, read.NotIncluded, read.GetName(), read.Fixed, read.Hidden, read.First, read.Property));
        Assert.Equal((3, 0, "n", 5, 0, 1.5, 7), (read.Count, read.NotIncluded, read.GetName(), read.Fixed, read.Hidden, read.First, read.Property));
    }

    [Fact]
    public void JsonRequiredField_Missing_IsAnErrorNamingIt_AsInStj()
    {
        var error = Assert.Throws<JsonableException>(() => RequiredFieldModel.CreateFromJson("""{"Optional":1}"""u8));

        Assert.Contains("Needed", error.Message, StringComparison.Ordinal);
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<RequiredFieldModel>("""{"Optional":1}""", s_web));
        Assert.Equal(2, RequiredFieldModel.CreateFromJson("""{"Needed":2}"""u8).Needed);
    }

    [Fact]
    public void IgnoreWhenWriting_IsReadButNeverWritten_IgnoreWhenReading_IsWrittenButNeverRead()
    {
        var value = new OneWayModel { Secret = "s3cret", Computed = 42, Name = "a" };

        string expected = JsonSerializer.Serialize(value, s_web);
        Assert.Equal("""{"Computed":42,"Name":"a"}""", expected);
        Assert.Equal(expected, value.ToJson());
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), JsonNode.Parse(value.ToJsonable().ToArray(), documentOptions: s_comments)));

        const string Json = """{"Secret":"s3cret","Computed":42,"Name":"a"}""";
        OneWayModel stj = JsonSerializer.Deserialize<OneWayModel>(Json, s_web)!;
        foreach (OneWayModel read in new[] { OneWayModel.CreateFromJson(Encoding.UTF8.GetBytes(Json)), OneWayModel.CreateFromJsonable(Jmc1Of(Json)) })
        {
            Assert.Equal(("s3cret", 0, "a"), (read.Secret, read.Computed, read.Name));
            Assert.Equal((stj.Secret, stj.Computed, stj.Name), (read.Secret, read.Computed, read.Name));
        }
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void UnmappedMemberHandlingDisallow_UnknownMember_IsAnErrorWithThePath(JsonableFormat format)
    {
        const string Json = """{"Id":1,"Extra":true}""";
        byte[] body = format == JsonableFormat.Json ? Encoding.UTF8.GetBytes(Json) : Jmc1Of(Json);

        var error = Assert.Throws<JsonableException>(() => format == JsonableFormat.Json ? ClosedModel.CreateFromJson(body) : ClosedModel.CreateFromJsonable(body));

        Assert.Contains("Extra", error.Message, StringComparison.Ordinal);
        Assert.StartsWith("$", error.Path, StringComparison.Ordinal);
        Assert.Throws<JsonException>(() => JsonSerializer.Deserialize<ClosedModel>(Json, s_web));
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void UnmappedMemberHandlingDisallow_NamesOfIgnoredAndWriteOnlyMembers_AreSkippedNotRejected_AsInStj(JsonableFormat format)
    {
        const string Json = """{"Id":1,"Secret":2,"computed_value":3,"Twice":4,"secret":5}""";
        byte[] body = format == JsonableFormat.Json ? Encoding.UTF8.GetBytes(Json) : Jmc1Of(Json);

        ClosedModel read = format == JsonableFormat.Json ? ClosedModel.CreateFromJson(body) : ClosedModel.CreateFromJsonable(body);
        ClosedModel stj = JsonSerializer.Deserialize<ClosedModel>(Json, s_web)!;

        Assert.Equal((1, 0, 0), (read.Id, read.Secret, read.Computed));
        Assert.Equal((stj.Id, stj.Secret, stj.Computed), (read.Id, read.Secret, read.Computed));
    }

    [Fact]
    public void UnmappedMemberHandling_AppliesToItsOwnTypeOnly_AsInStj()
    {
        const string Json = """{"Id":1,"Inner":{"Id":2,"Extra":true}}""";

        ClosedModel read = ClosedModel.CreateFromJson(Encoding.UTF8.GetBytes(Json));

        Assert.Equal(2, read.Inner!.Id);
        Assert.Equal(2, JsonSerializer.Deserialize<ClosedModel>(Json, s_web)!.Inner!.Id);
        Assert.Equal(1, OpenModel.CreateFromJson("""{"Id":1,"Extra":[1]}"""u8).Id);
    }

    [Fact]
    public void JsonStringEnumMemberName_WritesAndReadsTheRenamedMember_AsStj()
    {
        var value = new ShadeModel { Shade = Shade.LightGray, All = [Shade.Dark, Shade.LightGray] };

        string expected = JsonSerializer.Serialize(value, s_web);
        Assert.Equal("""{"Shade":"light-gray","All":["Dark","light-gray"]}""", expected);
        Assert.Equal(expected, value.ToJson());
        Assert.Equal(Shade.LightGray, ShadeModel.CreateFromJson(Encoding.UTF8.GetBytes(expected)).Shade);
        Assert.Equal(Shade.LightGray, ShadeModel.CreateFromJsonable(value.ToJsonable().Span).Shade);
    }

    /// <summary>JMC1 of a JSON document of objects: a header before each; length comments are optional hints, so none are added.</summary>
    private static byte[] Jmc1Of(string json) => Encoding.UTF8.GetBytes(json.Replace("{\"", "/*JMC1*/{\"", StringComparison.Ordinal));
}
