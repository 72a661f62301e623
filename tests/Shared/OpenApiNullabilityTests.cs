#nullable enable
using System;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using System.Threading.Tasks;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
#if !NO_ASPNETCORE_OPENAPI
using Jsonable.AspNetCore.OpenApi;
#endif
using Jsonable.AspNetCore.Swashbuckle;
using Json.Schema;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.OpenApi;
using Xunit;

namespace Jsonable.Tests.Shared;

/// <summary>A colour, nullable in <see cref="NullabilityProbe"/> (an enum is its own schema, referenced).</summary>
public enum ProbeColor
{
    /// <summary>Red.</summary>
    Red,

    /// <summary>Green.</summary>
    Green,
}

/// <summary>The object a <see cref="NullabilityProbe"/> may hold or not (its own schema, referenced).</summary>
[ToJson, FromJson]
public partial class ProbeOwner
{
    /// <summary>A name.</summary>
    public string Name { get; set; } = "";
}

/// <summary>One member of each nullable kind an OpenAPI document describes differently in 3.0 and 3.1.</summary>
[ToJson, FromJson]
public partial class NullabilityProbe
{
    /// <summary>Never null.</summary>
    public string Name { get; set; } = "";

    /// <summary>A nullable reference to another schema.</summary>
    public ProbeOwner? Owner { get; set; }

    /// <summary>A nullable string.</summary>
    public string? Nickname { get; set; }

    /// <summary>A nullable number.</summary>
    public int? Count { get; set; }

    /// <summary>A nullable enum (a reference to the enum's schema).</summary>
    public ProbeColor? Color { get; set; }
}

/// <summary>
/// Nullable members as each OpenAPI version says them, on every document a Jsonable app serves: in 3.0
/// <c>nullable: true</c> beside the type (and <c>oneOf: [$ref]</c> for a reference); in 3.1 a type array for an inline
/// schema and <c>oneOf: [{type: null}, $ref]</c> for a reference. Checked as a client would: the payloads Jsonable writes
/// (nulls included) are valid for the 3.1 document's schema (JSON Schema 2020-12), and a value of the wrong type is not.
/// Linked as source into tests/Integration (Swashbuckle 10 beside Microsoft.AspNetCore.OpenApi) and
/// tests/Integration.Swashbuckle11 (Swashbuckle 11 alone: NO_ASPNETCORE_OPENAPI).
/// </summary>
public sealed class OpenApiNullabilityTests : IAsyncLifetime
{
    private const string Swagger30 = "/swagger/v1/swagger.json";
    private const string Swagger31 = "/swagger/v1/swagger-3.1.json";

    private WebApplication? _app;

    /// <summary>Every OpenAPI 3.1 document of the app: Swashbuckle's opt-in and, beside Swashbuckle 10, Microsoft.AspNetCore.OpenApi's (3.1 by default).</summary>
    public static TheoryData<string> Documents31 =>
#if NO_ASPNETCORE_OPENAPI
        new() { Swagger31 };
#else
        new() { Swagger31, "/openapi/v1.json" };
#endif

    public async Task InitializeAsync() => _app = await StartProbeAppAsync(inlineEnums: false);

    /// <summary>
    /// The probe app: Jsonable, Swashbuckle's 3.0 and 3.1 documents (and Microsoft.AspNetCore.OpenApi's beside
    /// Swashbuckle 10), and <c>/probes/full</c> and <c>/probes/nulls</c> writing a <see cref="NullabilityProbe"/>.
    /// </summary>
    /// <param name="inlineEnums">Whether Swashbuckle writes enums inline (<c>UseInlineDefinitionsForEnums</c>).</param>
    internal static async Task<WebApplication> StartProbeAppAsync(bool inlineEnums)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable();
        builder.Services.AddEndpointsApiExplorer();
        builder.Services.AddSwaggerGen(options =>
        {
            if (inlineEnums)
            {
                options.UseInlineDefinitionsForEnums();
            }

            options.AddJsonable();
        });
#if !NO_ASPNETCORE_OPENAPI
        builder.Services.AddOpenApi(options => options.AddJsonable());
#endif
        WebApplication app = builder.Build();
        app.UseJsonable();
        app.UseSwagger();
        app.UseSwagger(options =>
        {
            options.RouteTemplate = "swagger/{documentName}/swagger-3.1.json";
            options.OpenApiVersion = OpenApiSpecVersion.OpenApi3_1;
        });
#if !NO_ASPNETCORE_OPENAPI
        app.MapOpenApi();
#endif
        app.MapGet("/probes/{which}", (string which) => JsonableResults.Ok(which == "full"
            ? new NullabilityProbe { Name = "n", Owner = new ProbeOwner { Name = "o" }, Nickname = "nick", Count = 3, Color = ProbeColor.Green }
            : new NullabilityProbe { Name = "n" }));
        await app.StartAsync();
        return app;
    }

    /// <summary>A GET of <paramref name="path"/> from <paramref name="app"/> that must be a 200, as JSON.</summary>
    internal static async Task<JsonNode> GetJsonAsync(WebApplication app, string path)
    {
        using HttpClient client = app.GetTestClient();
        using HttpResponseMessage response = await client.GetAsync(path);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return JsonNode.Parse(await response.Content.ReadAsStringAsync())!;
    }

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Fact]
    public async Task As_OpenAPI_3_0_a_nullable_member_is_nullable_beside_its_type()
    {
        JsonNode document = await GetAsync(Swagger30);
        Assert.StartsWith("3.0", document["openapi"]!.GetValue<string>(), StringComparison.Ordinal);
        JsonNode members = Schema(document, "NullabilityProbe")["properties"]!;

        AssertMember(members["owner"], """{"nullable":true,"oneOf":[{"$ref":"#/components/schemas/ProbeOwner"}],"type":"object"}""");
        AssertMember(members["nickname"], """{"nullable":true,"type":"string"}""");
        AssertMember(members["count"], """{"format":"int32","nullable":true,"type":"integer"}""");
        AssertMember(members["color"], """{"nullable":true,"oneOf":[{"$ref":"#/components/schemas/ProbeColor"}],"type":"integer"}""");
    }

    [Fact]
    public async Task As_OpenAPI_3_1_Swashbuckle_writes_type_arrays_inline_and_a_null_branch_beside_a_reference()
    {
        JsonNode document = await GetAsync(Swagger31);
        Assert.StartsWith("3.1", document["openapi"]!.GetValue<string>(), StringComparison.Ordinal);
        Assert.DoesNotContain("\"nullable\"", document.ToJsonString(), StringComparison.Ordinal);
        JsonNode members = Schema(document, "NullabilityProbe")["properties"]!;

        AssertMember(members["owner"], """{"oneOf":[{"type":"null"},{"$ref":"#/components/schemas/ProbeOwner"}]}""");
        AssertMember(members["nickname"], """{"type":["null","string"]}""");
        AssertMember(members["count"], """{"format":"int32","type":["null","integer"]}""");
        AssertMember(members["color"], """{"oneOf":[{"type":"null"},{"$ref":"#/components/schemas/ProbeColor"}]}""");
    }

    [Theory]
    [MemberData(nameof(Documents31))]
    public async Task As_OpenAPI_3_1_the_payloads_Jsonable_writes_are_valid_and_a_wrong_type_is_not(string documentPath)
    {
        JsonNode document = await GetAsync(documentPath);
        Assert.StartsWith("3.1", document["openapi"]!.GetValue<string>(), StringComparison.Ordinal);
        JsonSchema schema = OpenApiSchemaCheck.Build(document, document["paths"]!["/probes/{which}"]!["get"]!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!);

        string nulls = await GetPayloadAsync("/probes/nulls");
        string full = await GetPayloadAsync("/probes/full");
        // What Jsonable writes: every nullable member present, as null or as a value.
        Assert.Equal("""{"name":"n","owner":null,"nickname":null,"count":null,"color":null}""", nulls);
        OpenApiSchemaCheck.Valid(schema, nulls, $"{documentPath}: the nulls Jsonable wrote");
        OpenApiSchemaCheck.Valid(schema, full, $"{documentPath}: the values Jsonable wrote");

        (string Member, JsonNode? Value)[] wrong = [("owner", 5), ("nickname", 5), ("count", "three"), ("color", true), ("name", null)];
        foreach ((string member, JsonNode? value) in wrong)
        {
            JsonObject payload = JsonNode.Parse(full)!.AsObject();
            payload[member] = value;
            OpenApiSchemaCheck.Refused(schema, payload.ToJsonString(), $"{documentPath}: {member} = {value?.ToJsonString() ?? "null"}");
        }

        // The owner's own members are checked too (the reference is followed).
        JsonObject badOwner = JsonNode.Parse(full)!.AsObject();
        badOwner["owner"] = new JsonObject { ["name"] = 1 };
        OpenApiSchemaCheck.Refused(schema, badOwner.ToJsonString(), $"{documentPath}: owner.name = 1");
    }

    private static void AssertMember(JsonNode? member, string expected)
    {
        Assert.NotNull(member);
        JsonNode actual = member.DeepClone();
        actual.AsObject().Remove("description"); // the XML summary, when the generator reads it
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), actual), $"expected {expected}, got {actual.ToJsonString()}");
    }

    private static JsonNode Schema(JsonNode document, string id) => document["components"]!["schemas"]![id]!;

    private Task<JsonNode> GetAsync(string path) => GetJsonAsync(_app!, path);

    private async Task<string> GetPayloadAsync(string path)
    {
        using HttpClient client = _app!.GetTestClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        using HttpResponseMessage response = await client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return await response.Content.ReadAsStringAsync();
    }
}

/// <summary>
/// A nullable enum written inline (Swashbuckle's <c>UseInlineDefinitionsForEnums</c>): its <c>enum</c> list holds
/// <c>null</c> too, since in JSON Schema (3.1) every keyword applies and a null type beside a list without null still
/// refuses null, and OpenAPI 3.0 asks the same of <c>nullable</c> beside <c>enum</c>. Checked on the payloads Jsonable writes.
/// </summary>
public sealed class OpenApiInlineEnumNullabilityTests : IAsyncLifetime
{
    private WebApplication? _app;

    public async Task InitializeAsync() => _app = await OpenApiNullabilityTests.StartProbeAppAsync(inlineEnums: true);

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Fact]
    public async Task As_OpenAPI_3_0_the_inline_enum_lists_null_beside_nullable()
    {
        JsonNode color = (await GetAsync("/swagger/v1/swagger.json"))["components"]!["schemas"]!["NullabilityProbe"]!["properties"]!["color"]!;
        Assert.Equal(true, color["nullable"]?.GetValue<bool>());
        Assert.Equal("[0,1,null]", color["enum"]!.ToJsonString());
    }

    [Fact]
    public async Task As_OpenAPI_3_1_the_inline_enum_accepts_the_null_Jsonable_writes_and_refuses_a_value_outside_it()
    {
        JsonNode document = await GetAsync("/swagger/v1/swagger-3.1.json");
        JsonNode color = document["components"]!["schemas"]!["NullabilityProbe"]!["properties"]!["color"]!;
        Assert.Equal("[0,1,null]", color["enum"]!.ToJsonString());
        JsonSchema schema = OpenApiSchemaCheck.Build(document, document["paths"]!["/probes/{which}"]!["get"]!["responses"]!["200"]!["content"]!["application/json"]!["schema"]!);

        string nulls, full;
        using (HttpClient client = _app!.GetTestClient())
        {
            nulls = await client.GetStringAsync("/probes/nulls");
            full = await client.GetStringAsync("/probes/full");
        }

        Assert.Contains("\"color\":null", nulls, StringComparison.Ordinal);
        OpenApiSchemaCheck.Valid(schema, nulls, "inline enum: the null Jsonable wrote");
        OpenApiSchemaCheck.Valid(schema, full, "inline enum: the value Jsonable wrote");
        foreach (JsonNode? value in new JsonNode?[] { 7, "Green", true })
        {
            JsonObject payload = JsonNode.Parse(full)!.AsObject();
            payload["color"] = value;
            OpenApiSchemaCheck.Refused(schema, payload.ToJsonString(), $"inline enum: color = {value!.ToJsonString()}");
        }
    }

    private Task<JsonNode> GetAsync(string path) => OpenApiNullabilityTests.GetJsonAsync(_app!, path);
}
