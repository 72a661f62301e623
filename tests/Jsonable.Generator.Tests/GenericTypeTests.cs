using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.Json;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Generic types marked [ToJson]/[FromJson] and the closed types [assembly: JsonableType] names: generated once,
/// registered per closed type, written and read as System.Text.Json's web defaults write and read them; and the
/// errors at the attribute for what cannot work.
/// </summary>
public sealed class GenericTypeTests
{
    private const string PageSource =
        """
        using System.Collections.Generic;
        using Jsonable;
        [assembly: JsonableType(typeof(Shop.Page<Shop.Product>))]
        [assembly: JsonableType(typeof(Shop.Page<int>))]
        [assembly: JsonableType(typeof(Shop.Envelope<Shop.Product[], Shop.Page<Shop.Product>>))]
        [assembly: JsonableType(typeof(Shop.Page<Dictionary<string, Shop.Product>>))]
        [assembly: JsonableType(typeof(Shop.Envelope<int, Shop.Page<long>>))]
        namespace Shop;
        [ToJson, FromJson]
        public partial class Product
        {
            public int Id { get; set; }
            public string Name { get; set; } = "";
        }
        [ToJson, FromJson]
        public partial class Page<T>
        {
            public List<T> Items { get; set; } = new();
            public T? First { get; set; }
            public int Total { get; set; }
        }
        [ToJson, FromJson]
        public partial record Envelope<TData, TMeta>(TData Data, TMeta? Meta);
        [ToJson, FromJson]
        public partial class Catalog
        {
            public Page<Product>? Featured { get; set; }
        }
        """;

    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web);

    [Fact]
    public void ClosedGenericOfGeneratedType_BothFormats_WritesWhatStjWritesAndRoundTrips()
    {
        Assembly assembly = Load(PageSource);
        Type page = assembly.GetType("Shop.Page`1", throwOnError: true)!.MakeGenericType(assembly.GetType("Shop.Product", throwOnError: true)!);
        object value = JsonSerializer.Deserialize("""{"items":[{"id":1,"name":"a"},{"id":2,"name":"b"}],"first":{"id":1,"name":"a"},"total":2}""", page, s_web)!;

        byte[] json = JsonableSerializer.SerializeToUtf8Bytes(value, page, JsonableFormat.Json);
        Assert.Equal(JsonSerializer.Serialize(value, page, s_web), Encoding.UTF8.GetString(json));

        byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(value, page, JsonableFormat.Jmc1);
        Assert.StartsWith("/*JMC1*/{", Encoding.UTF8.GetString(jmc1), StringComparison.Ordinal);
        foreach ((byte[] bytes, JsonableFormat format) in new[] { (json, JsonableFormat.Json), (jmc1, JsonableFormat.Jmc1) })
        {
            object back = JsonableSerializer.Deserialize(bytes, page, format)!;
            Assert.Equal(JsonSerializer.Serialize(value, page, s_web), JsonSerializer.Serialize(back, page, s_web));
        }
    }

    [Fact]
    public void ClosedGenericOfBuiltInAndNestedClosedGenerics_Json_MatchesStj()
    {
        Assembly assembly = Load(PageSource);
        Type product = assembly.GetType("Shop.Product", throwOnError: true)!;
        Type pageDefinition = assembly.GetType("Shop.Page`1", throwOnError: true)!;
        Type ofInt = pageDefinition.MakeGenericType(typeof(int));
        Type envelope = assembly.GetType("Shop.Envelope`2", throwOnError: true)!.MakeGenericType(product.MakeArrayType(), pageDefinition.MakeGenericType(product));
        Type ofDictionary = pageDefinition.MakeGenericType(typeof(Dictionary<,>).MakeGenericType(typeof(string), product));

        AssertSameAsStj(ofInt, """{"items":[1,2,3],"first":1,"total":3}""");
        AssertSameAsStj(envelope, """{"data":[{"id":1,"name":"a"}],"meta":{"items":[{"id":2,"name":"b"}],"first":null,"total":1}}""");
        AssertSameAsStj(envelope, """{"data":[],"meta":null}""");
        AssertSameAsStj(ofDictionary, """{"items":[{"x":{"id":1,"name":"a"}}],"first":{},"total":1}""");

        // Page<long> is named only inside Envelope<int, Page<long>>: registered with it.
        Type ofLong = pageDefinition.MakeGenericType(typeof(long));
        AssertSameAsStj(assembly.GetType("Shop.Envelope`2", throwOnError: true)!.MakeGenericType(typeof(int), ofLong), """{"data":5,"meta":{"items":[9007199254740993],"first":0,"total":1}}""");
        AssertSameAsStj(ofLong, """{"items":[1],"first":2,"total":3}""");
    }

    [Fact]
    public void ClosedGenericAsMemberAndRootCollections_Json_MatchStj()
    {
        Assembly assembly = Load(PageSource);
        Type product = assembly.GetType("Shop.Product", throwOnError: true)!;
        Type page = assembly.GetType("Shop.Page`1", throwOnError: true)!.MakeGenericType(product);
        AssertSameAsStj(assembly.GetType("Shop.Catalog", throwOnError: true)!, """{"featured":{"items":[{"id":3,"name":"c"}],"first":null,"total":1}}""");
        AssertSameAsStj(typeof(List<>).MakeGenericType(page), """[{"items":[],"first":null,"total":0},null]""");
        AssertSameAsStj(typeof(Dictionary<,>).MakeGenericType(typeof(string), page), """{"p1":{"items":[],"first":{"id":1,"name":"x"},"total":0}}""");
    }

    [Fact]
    public void ClosedGenericNotNamedByJsonableType_LookedUp_ExplainsTheAttributeToAdd()
    {
        Assembly assembly = Load(PageSource);
        Type notListed = assembly.GetType("Shop.Page`1", throwOnError: true)!.MakeGenericType(typeof(string));

        Assert.False(JsonableRegistry.TryGetTypeInfo(notListed, out _));
        Assert.Equal(
            "Page<String> is a closed generic type that no assembly lists: add [assembly: JsonableType(typeof(Page<String>))] (namespace Jsonable) to the assembly that uses it, so that the generator registers it.",
            JsonableRegistry.ExplainNotFound(notListed));
    }

    [Fact]
    public void GeneratedSource_RegistersEachClosedTypeByTypeofWithoutMakeGenericType()
    {
        GeneratorRun run = GeneratorHarness.Run(PageSource);
        Assert.Empty(run.GeneratorDiagnostics);
        string registration = run.Source("JsonableRegistration.g.cs");
        Assert.Contains("if (type == typeof(global::Shop.Page<global::Shop.Product>))", registration, StringComparison.Ordinal);
        Assert.Contains("if (type == typeof(global::Shop.Page<int>))", registration, StringComparison.Ordinal);
        Assert.DoesNotContain("typeof(global::Shop.Page<T>)", registration, StringComparison.Ordinal);
        Assert.DoesNotContain("MakeGenericType", string.Concat(run.Sources.Select(s => s.SourceText.ToString())), StringComparison.Ordinal);
    }

    [Fact]
    public void GenericDefinitionInAReferencedLibrary_ClosedByTheApp_IsRegisteredThroughItsInterfaces()
    {
        CSharpCompilation library = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(
            ["""
            #pragma warning disable CS1591
            using System.Collections.Generic;
            using Jsonable;
            namespace Lib;
            [ToJson, FromJson]
            public partial class Page<T>
            {
                public List<T> Items { get; set; } = new();
                public int Total { get; set; }
            }
            """],
            assemblyName: "GenericLib" + Guid.NewGuid().ToString("N"))).Output is CSharpCompilation output ? output : throw new InvalidOperationException();
        using var libraryImage = new System.IO.MemoryStream();
        Assert.True(library.Emit(libraryImage).Success);
        Assembly libraryAssembly = System.Runtime.Loader.AssemblyLoadContext.Default.LoadFromStream(new System.IO.MemoryStream(libraryImage.ToArray()));

        GeneratorRun app = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(
            ["""
            #pragma warning disable CS1591
            using Jsonable;
            [assembly: JsonableType(typeof(Lib.Page<App.Order>))]
            namespace App;
            [ToJson, FromJson]
            public partial class Order { public int Id { get; set; } }
            """],
            assemblyName: "GenericApp" + Guid.NewGuid().ToString("N"),
            extraReferences: [MetadataReference.CreateFromImage(libraryImage.ToArray())]));
        Assert.Empty(app.GeneratorDiagnostics);
        Assert.True(app.OutputDiagnostics.IsEmpty, string.Join(Environment.NewLine, app.OutputDiagnostics.Take(5)));
        using var appImage = new System.IO.MemoryStream();
        Assert.True(app.Output.Emit(appImage).Success);
        Assembly appAssembly = System.Runtime.Loader.AssemblyLoadContext.Default.LoadFromStream(new System.IO.MemoryStream(appImage.ToArray()));
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(appAssembly.ManifestModule.ModuleHandle);

        Type page = libraryAssembly.GetType("Lib.Page`1", throwOnError: true)!.MakeGenericType(appAssembly.GetType("App.Order", throwOnError: true)!);
        AssertSameAsStj(page, """{"items":[{"id":1},{"id":2}],"total":2}""");
    }

    // ---- JSONABLE030 / JSONABLE031: what [JsonableType] cannot name ------------------------------------

    [Theory]
    [InlineData("typeof(Shop.Product)", "Shop.Product", "'Product' is not generic: the generator registers it without [JsonableType]; remove the attribute")]
    [InlineData("typeof(Shop.Page<>)", "Shop.Page<>", "an open generic type cannot be registered: name its type arguments, e.g. typeof(Page<Product>)")]
    [InlineData("typeof(List<Shop.Product>)", "System.Collections.Generic.List<Shop.Product>", "root collections and dictionaries of generated types are found without [JsonableType]; name the closed generic element type instead if it is one")]
    [InlineData("typeof(Shop.Plain<int>)", "Shop.Plain<int>", "its definition 'Shop.Plain<T>' is not marked [ToJson]/[FromJson]; mark it (and partial)")]
    public void JsonableTypeOfNoClosedGenericJsonableType_ReportsJsonable030AtTheAttribute(string typeofExpression, string shown, string why) =>
        AssertAttributeDiagnostic(typeofExpression, "JSONABLE030", $"[JsonableType(typeof({shown}))] does not name a closed generic type whose definition is marked [ToJson]/[FromJson]: {why}");

    [Theory]
    [InlineData("typeof(Shop.Page<Shop.Plain<int>>)", "Shop.Plain<int>", "Shop.Page<Shop.Plain<int>>", "it is neither a [ToJson]/[FromJson] type, an array, list or dictionary of one, nor a supported built-in value (string, bool, an integer type, float, double, decimal, Guid, DateTime, DateTimeOffset, DateOnly, TimeSpan, Uri)")]
    [InlineData("typeof(Shop.Page<List<int>>)", "System.Collections.Generic.List<int>", "Shop.Page<System.Collections.Generic.List<int>>", "its element 'int' is not a [ToJson]/[FromJson] type (collections of built-in values are not supported as type arguments)")]
    [InlineData("typeof(Shop.Page<Dictionary<Shop.Color, Shop.Product>>)", "System.Collections.Generic.Dictionary<Shop.Color, Shop.Product>", "Shop.Page<System.Collections.Generic.Dictionary<Shop.Color, Shop.Product>>", "a dictionary type argument needs a string, int, long or Guid key")]
    [InlineData("typeof(Shop.Page<Shop.WriteOnly>)", "Shop.WriteOnly", "Shop.Page<Shop.WriteOnly>", "'WriteOnly' is not marked [FromJson], and the generic type is read")]
    public void JsonableTypeWithUnsupportedTypeArgument_ReportsJsonable031AtTheAttribute(string typeofExpression, string argument, string closed, string why) =>
        AssertAttributeDiagnostic(typeofExpression, "JSONABLE031", $"Type argument '{argument}' of '{closed}' in [JsonableType] cannot be serialized: {why}");

    [Theory]
    [InlineData("Page<Plain<int>>", "'Shop.Page<Shop.Plain<int>>?', which Jsonable cannot serialize: its type argument 'Shop.Plain<int>' cannot be serialized: it is neither a [ToJson]/[FromJson] type, an array, list or dictionary of one, nor a supported built-in value (string, bool, an integer type, float, double, decimal, Guid, DateTime, DateTimeOffset, DateOnly, TimeSpan, Uri)")]
    [InlineData("Page<Page<WriteOnly>>", "'Shop.Page<Shop.Page<Shop.WriteOnly>>?', which Jsonable cannot serialize: its type argument 'Shop.WriteOnly' of 'Shop.Page<Shop.WriteOnly>' cannot be serialized: 'WriteOnly' is not marked [FromJson], and the generic type is read")]
    public void ClosedGenericMemberWithUnsupportedTypeArgument_ReportsJsonable002AtTheMember(string memberType, string message)
    {
        Markup parsed = Markup.Parse(
            $$"""
            using Jsonable;
            namespace Shop;
            public class Plain<T> { }
            [ToJson] public partial class WriteOnly { public int Id { get; set; } }
            [ToJson, FromJson] public partial class Page<T> { public T? First { get; set; } }
            [ToJson, FromJson] public partial class Holder { public {{memberType}}? [|Value|] { get; set; } }
            """);
        GeneratorRun run = GeneratorHarness.Run(parsed.Source);

        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal("JSONABLE002", diagnostic.Id);
        Assert.Equal("Member 'Value' has type " + message, diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal(parsed.Span, diagnostic.Location.SourceSpan);
    }

    private static void AssertAttributeDiagnostic(string typeofExpression, string id, string message)
    {
        string source =
            $$"""
            using System.Collections.Generic;
            using Jsonable;
            [assembly: [|JsonableType({{typeofExpression}})|]]
            namespace Shop;
            public enum Color { Red }
            public class Plain<T> { }
            [ToJson, FromJson] public partial class Product { public int Id { get; set; } }
            [ToJson] public partial class WriteOnly { public int Id { get; set; } }
            [ToJson, FromJson] public partial class Page<T> { public T? First { get; set; } }
            """;
        Markup parsed = Markup.Parse(source);
        GeneratorRun run = GeneratorHarness.Run(parsed.Source);
        Diagnostic diagnostic = Assert.Single(run.GeneratorDiagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(message, diagnostic.GetMessage(CultureInfo.InvariantCulture));
        Assert.Equal(parsed.Span, diagnostic.Location.SourceSpan);

        // Nothing the attribute names is registered; the generated types still are.
        Assert.DoesNotContain("typeof(global::Shop.Page<", run.Source("JsonableRegistration.g.cs"), StringComparison.Ordinal);
    }

    private static void AssertSameAsStj(Type type, string stjJson)
    {
        object? value = JsonSerializer.Deserialize(stjJson, type, s_web);
        string expected = JsonSerializer.Serialize(value, type, s_web);
        Assert.Equal(expected, Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(value, type, JsonableFormat.Json)));
        foreach (JsonableFormat format in new[] { JsonableFormat.Json, JsonableFormat.Jmc1 })
        {
            object? back = JsonableSerializer.Deserialize(JsonableSerializer.SerializeToUtf8Bytes(value, type, format), type, format);
            Assert.Equal(expected, JsonSerializer.Serialize(back, type, s_web));
        }
    }

    private static Assembly Load(string source) =>
        GeneratorHarness.CompileAndLoad("#pragma warning disable CS1591\n" + source, "Generic", initialize: true);
}
