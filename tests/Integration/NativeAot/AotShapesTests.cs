using System.Net;
using System.Text;
using Jsonable.Integration.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.NativeAot;

/// <summary>
/// The Native AOT sample's closed generic (<c>Paged&lt;Todo&gt;</c>, named by <c>[JsonableType]</c>) and root dictionary
/// (<c>Dictionary&lt;int, Todo&gt;</c>) in memory; <c>.ci/native-aot-smoke</c> sends the published native binary the same
/// requests.
/// </summary>
public sealed class AotShapesTests(AotSampleTests.AotApiFactory factory) : IClassFixture<AotSampleTests.AotApiFactory>
{
    private const string Json = "application/json";
    private const string Jmc1 = "application/jsonc+jmc1";

    [Fact]
    public async Task GetPage_JsonAndJmc1_AreThePagedTodos()
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage json, byte[] jsonBody) = await client.GetAsync("/todos/page?limit=1", Json);
        (HttpResponseMessage jmc1, byte[] jmc1Body) = await client.GetAsync("/todos/page?limit=1", Jmc1);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, json);
        HttpAssert.IsPlainJson(json, jsonBody);
        Assert.StartsWith("""{"items":[{"id":1,"title":"Walk the dog","dueBy":"2025-01-02","isComplete":false,"tags":["home"]}],"total":""", Encoding.UTF8.GetString(jsonBody), StringComparison.Ordinal);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, jmc1);
        HttpAssert.IsJmc1(jmc1, jmc1Body);
        Jmc1Assert.EqualsJson(jsonBody, jmc1Body);
    }

    [Fact]
    public async Task PostById_RootDictionaryWithIntKeys_StoresEachAndAnswersTheDictionary()
    {
        HttpClient client = factory.CreateClient();

        (HttpResponseMessage response, byte[] body) = await client.SendAsync(HttpMethod.Post, "/todos/by-id", Json, Requests.Body("""{"42":{"title":"keyed"}}"""u8.ToArray(), Json));
        (HttpResponseMessage stored, byte[] storedBody) = await client.GetAsync("/todos/42", Json);
        (HttpResponseMessage all, byte[] allJmc1) = await client.GetAsync("/todos/by-id", Jmc1);

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Contains("""
            "42":{"id":42,"title":"keyed","dueBy":null,"isComplete":false,"tags":null}
            """, Encoding.UTF8.GetString(body), StringComparison.Ordinal);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, stored);
        JsonData.AssertEqual("""{"id":42,"title":"keyed","dueBy":null,"isComplete":false,"tags":null}"""u8.ToArray(), storedBody);
        await HttpAssert.StatusAsync(HttpStatusCode.OK, all);
        Jmc1Assert.EqualsJson(body, allJmc1);
    }

    [Fact]
    public async Task PostById_KeyThatIsNotAnInt_Answers400Problem()
    {
        (HttpResponseMessage response, _) = await factory.CreateClient().SendAsync(HttpMethod.Post, "/todos/by-id", Json, Requests.Body("""{"x":{"title":"bad"}}"""u8.ToArray(), Json));

        await HttpAssert.ProblemAsync(HttpStatusCode.BadRequest, response);
    }
}
