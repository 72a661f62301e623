using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.AspNetCore.Formatters;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging.Abstractions;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// A route that returns or accepts a polymorphic base type (<c>[JsonDerivedType]</c>): the formatters find it through
/// the registry by its declared type and write and read it as MVC's System.Text.Json formatter does; a bad discriminator
/// is a model error keyed by its JSON path (a 400), never an exception (a 500).
/// </summary>
public sealed class PolymorphicFormatterTests
{
    private static readonly JsonSerializerOptions s_mvcDefaults = new JsonOptions().JsonSerializerOptions;

    [Fact]
    public async Task JsonOutput_BaseTypedRoute_WritesWhatStjWrites()
    {
        Pet[] value = [new PetCat { Name = "tom", Lives = 9 }, new PetDog { Name = "rex", Good = true }];

        byte[] jsonable = await WriteAsync(new JsonableJsonOutputFormatter(new JsonableOptions(), NullLogger<JsonableJsonOutputFormatter>.Instance), typeof(Pet[]), value, "application/json");
        byte[] stj = await WriteAsync(new SystemTextJsonOutputFormatter(s_mvcDefaults), typeof(Pet[]), value, "application/json");

        Assert.Equal("[{\"$type\":\"cat\",\"lives\":9,\"name\":\"tom\"},{\"$type\":\"dog\",\"good\":true,\"name\":\"rex\"}]", System.Text.Encoding.UTF8.GetString(stj));
        Assert.Equal(stj, jsonable);
    }

    [Fact]
    public async Task Jmc1Output_BaseTypedRoute_CarriesTheDiscriminator()
    {
        Pet value = new PetCat { Name = "tom", Lives = 9 };

        byte[] jmc1 = await WriteAsync(new JsonableJmc1OutputFormatter(new JsonableOptions(), NullLogger<JsonableJmc1OutputFormatter>.Instance), typeof(Pet), value, "application/jsonc+jmc1");

        Pet? back = JsonSerializer.Deserialize<Pet>(jmc1, new JsonSerializerOptions(s_mvcDefaults) { ReadCommentHandling = JsonCommentHandling.Skip });
        Assert.Equal(9, Assert.IsType<PetCat>(back).Lives);
    }

    public static TheoryData<string> InputFormats => new() { "application/json", "application/jsonc+jmc1" };

    [Theory]
    [MemberData(nameof(InputFormats))]
    public async Task Input_BaseTypedRoute_BindsTheDerivedType(string contentType)
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Pet), contentType, Body(contentType, """{"$type":"dog","good":true,"name":"rex"}"""));

        InputFormatterResult result = await CreateInput(contentType).ReadAsync(context);

        Assert.False(result.HasError, FormatterContexts.Describe(context.ModelState));
        PetDog dog = Assert.IsType<PetDog>(result.Model);
        Assert.True(dog.Good);
        Assert.Equal("rex", dog.Name);
    }

    public static TheoryData<string, string, string> BadBodies => new()
    {
        { "application/json", """[{"$type":"cat"},{"$type":"cow"}]""", "$[1].$type" },
        { "application/json", """[{"name":"no discriminator on an abstract base"}]""", "$[0]" },
        { "application/json", """[{"$type":true}]""", "$[0].$type" },
        { "application/jsonc+jmc1", """[{"$type":"cat"},{"$type":"cow"}]""", "$[1].$type" },
        { "application/jsonc+jmc1", """[{"name":"no discriminator on an abstract base"}]""", "$[0]" },
    };

    [Theory]
    [MemberData(nameof(BadBodies))]
    public async Task Input_BadDiscriminator_IsAModelErrorKeyedByTheJsonPath(string contentType, string json, string path)
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(List<Pet>), contentType, Body(contentType, json));

        InputFormatterResult result = await CreateInput(contentType).ReadAsync(context);

        Assert.True(result.HasError);
        Assert.True(context.ModelState.ContainsKey(path), FormatterContexts.Describe(context.ModelState));
        Assert.Single(context.ModelState[path]!.Errors);
    }

    private static IInputFormatter CreateInput(string contentType) => contentType == "application/json"
        ? new JsonableJsonInputFormatter(new JsonableOptions(), NullLogger<JsonableJsonInputFormatter>.Instance)
        : new JsonableJmc1InputFormatter(new JsonableOptions(), NullLogger<JsonableJmc1InputFormatter>.Instance);

    /// <summary>JSON as is; for JMC1 a header before every object and before a root that is not one (length comments are optional hints).</summary>
    private static byte[] Body(string contentType, string json) =>
        FormatterContexts.Utf8(contentType == "application/json" ? json : (json.StartsWith('{') ? string.Empty : "/*JMC1*/") + json.Replace("{", "/*JMC1*/{", StringComparison.Ordinal));

    private static async Task<byte[]> WriteAsync(OutputFormatter formatter, Type type, object value, string contentType)
    {
        OutputFormatterWriteContext context = FormatterContexts.Output(type, value, contentType);
        await formatter.WriteAsync(context);
        return FormatterContexts.WrittenBody(context);
    }
}

/// <summary>An abstract polymorphic base, as a route would return or accept it.</summary>
[ToJson, FromJson]
[JsonDerivedType(typeof(PetCat), "cat")]
[JsonDerivedType(typeof(PetDog), "dog")]
public abstract partial class Pet
{
    public string? Name { get; set; }
}

[ToJson, FromJson]
public partial class PetCat : Pet
{
    public int Lives { get; set; }
}

[ToJson, FromJson]
public partial class PetDog : Pet
{
    public bool Good { get; set; }
}
