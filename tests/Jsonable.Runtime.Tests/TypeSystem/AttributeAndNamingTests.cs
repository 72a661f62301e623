using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Infrastructure;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>STJ attributes and naming policies give the same names and member sets as STJ.</summary>
public sealed class AttributeAndNamingTests
{
    private static JsonSerializerOptions Stj(JsonNamingPolicy? policy = null) =>
        new() { TypeInfoResolver = new DefaultJsonTypeInfoResolver(), PropertyNamingPolicy = policy };

    [Fact]
    public void StjAttributes_NameIgnoreAndOrderMembersAsStjDoes()
    {
        var value = new Attributed { Name = "n", Secret = "s", Optional = null, Count = 0, First = 1, Must = 2 };

        string json = value.ToJson();

        Assert.Equal("{\"First\":1,\"display_name\":\"n\",\"Must\":2,\"Internal\":null}", json);
        Assert.DoesNotContain("Secret", json, System.StringComparison.Ordinal);
    }

    [Fact]
    public void ConditionallyIgnoredMembers_AreWrittenWhenSet_WithCommasInTheRightPlaces()
    {
        var value = new Attributed { Optional = "o", Count = 3, First = 1, Must = 2 };

        Assert.Equal("{\"First\":1,\"display_name\":null,\"Optional\":\"o\",\"Count\":3,\"Must\":2,\"Internal\":null}", value.ToJson());
        Assert.StartsWith("/*JMC1*/{", Encoding.Latin1.GetString(value.ToJsonable().Span));
        Attributed back = Attributed.CreateFromJsonable(value.ToJsonable().Span);
        Assert.Equal(("o", 3, 1, 2), (back.Optional, back.Count, back.First, back.Must));
    }

    [Fact]
    public void IgnoredMember_IsNotRead()
    {
        Attributed value = Attributed.CreateFromJson("""{"Must":1,"Secret":"s"}"""u8);

        Assert.Null(value.Secret);
    }

    [Fact]
    public void CamelCase_MatchesStjWebNames()
    {
        var value = new WebNamed { FirstName = "a", URLCount = 2, IsActive = true };

        Assert.Equal(JsonSerializer.Serialize(value, Stj(JsonNamingPolicy.CamelCase)), value.ToJson());
        Assert.Equal("{\"firstName\":\"a\",\"urlCount\":2,\"isActive\":true}", value.ToJson());
    }

    [Fact]
    public void SnakeAndKebab_MatchStjPolicies()
    {
        var snake = new SnakeNamed { FirstName = "a", URLCount = 2, IsActive2 = true };
        var kebab = new KebabNamed { FirstName = "a", URLCount = 2 };

        Assert.Equal(JsonSerializer.Serialize(snake, Stj(JsonNamingPolicy.SnakeCaseLower)), snake.ToJson());
        Assert.Equal(JsonSerializer.Serialize(kebab, Stj(JsonNamingPolicy.KebabCaseUpper)), kebab.ToJson());
    }

    [Fact]
    public void WebClientsPascalCaseNames_AreStillRead()
    {
        // What a client sent to an STJ web-defaults app (case-insensitive) keeps binding after Jsonable is turned on.
        WebNamed value = WebNamed.CreateFromJson("""{"FirstName":"a","urlcount":2,"ISACTIVE":true}"""u8);

        Assert.Equal(("a", 2, true), (value.FirstName, value.URLCount, value.IsActive));
    }

    [Fact]
    public void CamelCaseOutput_EqualsStjWebDefaultsAsData_ForEveryValueType()
    {
        var value = new WebNamed { FirstName = "é\"", URLCount = -1 };
        var web = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

        JsonData.AssertEqual(JsonSerializer.SerializeToUtf8Bytes(value, web), Encoding.UTF8.GetBytes(value.ToJson()));
    }
}
