using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// The call-site warnings (JSONABLE040-042) on minimal-API programs compiled against ASP.NET Core and
/// Jsonable.AspNetCore: each fires at the span marked <c>[|...|]</c> with a message naming the type or call and the
/// fix, and the corrected program gets none.
/// </summary>
public sealed class CallSiteAnalyzerTests
{
    /// <summary>The usings of every program below; a program's own code follows on the next line.</summary>
    private const string Usings = """
        using System.Collections.Generic;
        using Jsonable;
        using Jsonable.AspNetCore.Http;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.Extensions.DependencyInjection;

        """;

    /// <summary>The Jsonable types the programs use correctly.</summary>
    private const string Types = """

        [ToJson, FromJson]
        public partial class Order
        {
            public int Id { get; set; }
        }

        [ToJson]
        public partial class OrderView
        {
            public int Id { get; set; }
        }

        public class PlainDto
        {
            public int Id { get; set; }
        }

        [ToJson, FromJson]
        public partial class ApiResponse<T>
        {
            public T? Data { get; set; }
        }
        """;

    // ---- JSONABLE040: a type without generated code ------------------------------------------------

    [Fact]
    public void ResultsOk_PlainType_ReportsJsonable040OnTheArgument()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/plain", () => JsonableResults.Ok([|new PlainDto()|]));
            app.Run();
            """,
            "JSONABLE040",
            "'PlainDto' reaches JsonableResults.Ok but is not a Jsonable type, so the call fails at run time: mark 'PlainDto' [ToJson] and partial");
    }

    [Fact]
    public void ResultsCreated_FromJsonOnlyType_ReportsJsonable040NamingToJson()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapPost("/in", (JsonableBody<Order> body) => JsonableResults.Created("/in/1", [|new Input()|]));
            app.Run();

            [FromJson]
            public partial class Input
            {
                public int Id { get; set; }
            }
            """,
            "JSONABLE040",
            "'Input' reaches JsonableResults.Created but is not a Jsonable type, so the call fails at run time: mark 'Input' [ToJson] and partial");
    }

    [Fact]
    public void JsonableBody_PlainType_ReportsJsonable040OnTheTypeArgument()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapPost("/plain", (JsonableBody<[|PlainDto|]> body) => Results.NoContent());
            app.Run();
            """,
            "JSONABLE040",
            "'PlainDto' reaches JsonableBody<T> but is not a Jsonable type, so the call fails at run time: mark 'PlainDto' [FromJson] and partial");
    }

    [Fact]
    public void JsonablePatch_WriteOnlyType_ReportsJsonable040NamingFromJson()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapPatch("/views/{id}", (int id, JsonablePatch<[|OrderView|]> patch) => Results.NoContent());
            app.Run();
            """,
            "JSONABLE040",
            "'OrderView' reaches JsonablePatch<T> but is not a Jsonable type, so the call fails at run time: mark 'OrderView' [FromJson] and partial");
    }

    [Fact]
    public void JsonableResultReturnType_ListOfPlainType_ReportsJsonable040NamingTheElement()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/plain", Handlers.All);
            app.Run();

            static class Handlers
            {
                public static JsonableResult<[|List<PlainDto>|]> All() => null!;
            }
            """,
            "JSONABLE040",
            "'List<PlainDto>' reaches JsonableResult<T> but is not a Jsonable type, so the call fails at run time: mark 'PlainDto' [ToJson] and partial");
    }

    [Fact]
    public void SerializerDeserialize_PlainType_ReportsJsonable040OnTheTypeArgument()
    {
        AssertWarning(
            """
            PlainDto? dto = JsonableSerializer.Deserialize<[|PlainDto|]>("{}"u8);
            """,
            "JSONABLE040",
            "'PlainDto' reaches JsonableSerializer.Deserialize but is not a Jsonable type, so the call fails at run time: mark 'PlainDto' [FromJson] and partial");
    }

    [Fact]
    public void SerializerSerialize_String_ReportsJsonable040WithWrapAdvice()
    {
        AssertWarning(
            """
            byte[] bytes = JsonableSerializer.SerializeToUtf8Bytes([|"text"|]);
            """,
            "JSONABLE040",
            "'string' reaches JsonableSerializer.SerializeToUtf8Bytes but is not a Jsonable type, so the call fails at run time: it cannot be marked [ToJson] here: wrap it in a partial type of your own marked [ToJson]");
    }

    [Fact]
    public void SerializerSerializeAsyncToStream_PlainType_ReportsJsonable040OnTheValueArgument()
    {
        // The Stream, string and PipeReader overloads are matched by name prefix, so a new overload is covered too.
        AssertWarning(
            """
            await JsonableSerializer.SerializeAsync(new System.IO.MemoryStream(), [|new PlainDto()|]);
            Order? order = await JsonableSerializer.DeserializeAsync<Order>(new System.IO.MemoryStream());
            """,
            "JSONABLE040",
            "'PlainDto' reaches JsonableSerializer.SerializeAsync but is not a Jsonable type, so the call fails at run time: mark 'PlainDto' [ToJson] and partial");
    }

    [Fact]
    public void ResultsOk_DictionaryWithUnsupportedKey_ReportsJsonable040NamingTheKey()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/by-day", () => JsonableResults.Ok([|new Dictionary<System.DateTime, Order>()|]));
            app.Run();
            """,
            "JSONABLE040",
            "'Dictionary<DateTime, Order>' reaches JsonableResults.Ok but is not a Jsonable type, so the call fails at run time: a dictionary is served with a key of type string, int, long or Guid, not 'DateTime'; change the key type");
    }

    [Fact]
    public void ResultsOk_UnmarkedGenericDefinition_ReportsJsonable040WithBothSteps()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/page", () => JsonableResults.Ok([|new Page<Order>()|]));
            app.Run();

            public class Page<T>
            {
                public List<T> Items { get; set; } = [];
            }
            """,
            "JSONABLE040",
            "'Page<Order>' reaches JsonableResults.Ok but is not a Jsonable type, so the call fails at run time: mark 'Page<T>' [ToJson] and partial, and name the closed type with [assembly: JsonableType(typeof(Page<Order>))]");
    }

    [Fact]
    public void JsonableTypesUsedCorrectly_NoWarning()
    {
        AssertNoWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/one", () => JsonableResults.Ok(new Order()));
            app.MapGet("/view", () => JsonableResults.Ok(new OrderView()));
            app.MapGet("/list", () => JsonableResults.Ok(new List<Order>()));
            app.MapGet("/array", () => JsonableResults.Ok(new Order[0]));
            app.MapGet("/map", () => JsonableResults.Ok(new Dictionary<string, List<Order>>()));
            app.MapGet("/stream", () => JsonableResults.Ok(Stream()));
            app.MapGet("/members", () => JsonableResults.Members(new Order(), ["id"]));
            app.MapPost("/one", (JsonableBody<Order> body) => JsonableResults.Created("/one/1", body.Value));
            app.MapPost("/many", (JsonableBody<IReadOnlyList<Order>> body) => Results.NoContent());
            app.MapPatch("/one", (JsonablePatch<Order> patch) => Results.NoContent());
            app.MapGet("/generic", () => Echo(new Order()));
            Order? read = JsonableSerializer.Deserialize<Order>(JsonableSerializer.SerializeToUtf8Bytes(new Order()));
            app.Run();

            static async IAsyncEnumerable<Order> Stream()
            {
                await System.Threading.Tasks.Task.Yield();
                yield return new Order();
            }

            // A type parameter cannot be judged here: the caller's type argument is.
            static JsonableResult<T> Echo<T>(T value) => JsonableResults.Ok(value);
            """);
    }

    [Fact]
    public void MarkedTypeFromAReferencedLibrary_NoWarning()
    {
        MetadataReference library = AnalyzerHarness.Library(
            """
            namespace Shop;
            [Jsonable.ToJson, Jsonable.FromJson]
            public partial class Product
            {
                public int Id { get; set; }
            }
            """,
            "Shop.Models");

        AssertNoWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/product", () => JsonableResults.Ok(new Shop.Product()));
            app.MapPut("/product", (JsonableBody<Shop.Product> body) => Results.NoContent());
            app.Run();
            """,
            references: AnalyzerHarness.AspNetCoreReferences.Append(library));
    }

    // ---- JSONABLE041: a closed generic type no [JsonableType] names ----------------------------------

    [Fact]
    public void ResultsOk_ClosedGenericNotNamed_ReportsJsonable041OnTheArgument()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/order", () => JsonableResults.Ok([|new ApiResponse<Order> { Data = new Order() }|]));
            app.Run();
            """,
            "JSONABLE041",
            "'ApiResponse<Order>' reaches JsonableResults.Ok but no [JsonableType] names this closed generic type, so the call fails at run time: add [assembly: JsonableType(typeof(ApiResponse<Order>))]");
    }

    [Fact]
    public void JsonableBody_ListOfClosedGenericNotNamed_ReportsJsonable041NamingTheClosedType()
    {
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapPost("/orders", (JsonableBody<[|List<ApiResponse<int>>|]> body) => Results.NoContent());
            app.Run();
            """,
            "JSONABLE041",
            "'ApiResponse<int>' reaches JsonableBody<T> but no [JsonableType] names this closed generic type, so the call fails at run time: add [assembly: JsonableType(typeof(ApiResponse<int>))]");
    }

    [Fact]
    public void ClosedGenericNamedHereOrInAReferencedLibrary_NoWarning()
    {
        MetadataReference library = AnalyzerHarness.Library(
            """
            [assembly: Jsonable.JsonableType(typeof(Shop.Envelope<int>))]
            namespace Shop;
            [Jsonable.ToJson, Jsonable.FromJson]
            public partial class Envelope<T>
            {
                public T? Data { get; set; }
            }
            """,
            "Shop.Envelopes");

        AssertNoWarning(
            """
            [assembly: JsonableType(typeof(ApiResponse<Order>))]
            var app = WebApplication.Create(args);
            app.UseJsonable();
            app.MapGet("/order", () => JsonableResults.Ok(new ApiResponse<Order?>()));
            app.MapGet("/orders", () => JsonableResults.Ok(new List<ApiResponse<Order>>()));
            app.MapPost("/count", (JsonableBody<Shop.Envelope<int>> body) => Results.NoContent());
            app.Run();
            """,
            references: AnalyzerHarness.AspNetCoreReferences.Append(library));
    }

    // ---- JSONABLE042: Jsonable set up, UseJsonable() never called ------------------------------------

    [Fact]
    public void AddJsonableWithoutUseJsonable_ReportsJsonable042OnAddJsonable()
    {
        AssertWarning(
            """
            var builder = WebApplication.CreateBuilder(args);
            builder.Services.[|AddJsonable|]();
            var app = builder.Build();
            app.MapPost("/orders", (JsonableBody<Order> body) => JsonableResults.Created("/orders/1", body.Value));
            app.Run();
            """,
            "JSONABLE042",
            "This app calls AddJsonable() but never calls app.UseJsonable(), so a bad request body answers an exception-shaped problem without 'errors' and an unsupported content type an empty 415: call app.UseJsonable() after builder.Build()");
    }

    [Fact]
    public void JsonableEndpointWithoutUseJsonable_ReportsJsonable042OnTheFirstMapCall()
    {
        // The handler is typed IResult; the Jsonable result is found in its body.
        AssertWarning(
            """
            var app = WebApplication.Create(args);
            app.MapGet("/health", () => "ok");
            app.[|MapGet|]("/orders/{id}", IResult (int id) => id > 0 ? JsonableResults.Ok(new Order { Id = id }) : Results.NotFound());
            app.MapPost("/orders", (JsonableBody<Order> body) => Results.NoContent());
            app.Run();
            """,
            "JSONABLE042",
            "This app maps a Jsonable endpoint with MapGet but never calls app.UseJsonable(), so a bad request body answers an exception-shaped problem without 'errors' and an unsupported content type an empty 415: call app.UseJsonable() after builder.Build()");
    }

    [Fact]
    public void UseJsonableCalled_NoWarning()
    {
        AssertNoWarning(
            """
            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddJsonable();
            var app = builder.Build();
            app.UseJsonable();
            app.MapPost("/orders", (JsonableBody<Order> body) => JsonableResults.Created("/orders/1", body.Value));
            app.Run();
            """);
    }

    [Fact]
    public void LibraryThatAddsJsonable_NoWarning()
    {
        // A library registers services; the app that builds the pipeline is the one to add the middleware.
        AssertNoWarning(
            """
            public static class ShopServices
            {
                public static IServiceCollection AddShop(this IServiceCollection services) => services.AddJsonable();
            }
            """,
            OutputKind.DynamicallyLinkedLibrary);
    }

    // ---- no Jsonable.AspNetCore: nothing at all ------------------------------------------------------

    [Fact]
    public void LookalikeApisWithoutJsonableAspNetCore_NoWarning()
    {
        // Same names, other assembly: the analyzer matches symbols, not names. Only the runtime is referenced.
        ImmutableArray<Diagnostic> diagnostics = AnalyzerHarness.Analyze(
            [
                """
                using Lookalike;
                var services = new Services();
                services.AddJsonable();
                object ok = JsonableResults.Ok(new Plain());
                System.Func<JsonableBody<Plain>, int> handler = body => 0;

                public class Plain { }

                namespace Lookalike
                {
                    public sealed class Services { }
                    public static class Extensions { public static Services AddJsonable(this Services services) => services; }
                    public static class JsonableResults { public static T Ok<T>(T value) => value; }
                    public sealed class JsonableBody<T> { }
                }
                """,
            ],
            references: Basic.Reference.Assemblies.Net100.References.All.Cast<MetadataReference>().Append(MetadataReference.CreateFromFile(typeof(ToJsonAttribute).Assembly.Location)));

        Assert.Empty(diagnostics);
    }

    private static void AssertWarning(string markup, string id, string message)
    {
        Markup parsed = Markup.Parse(Usings + markup + Types);
        ImmutableArray<Diagnostic> diagnostics = AnalyzerHarness.Analyze([parsed.Source]);

        Diagnostic diagnostic = Assert.Single(diagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Warning, diagnostic.Severity);
        Assert.Equal(message, diagnostic.GetMessage(CultureInfo.InvariantCulture));

        FileLinePositionSpan where = diagnostic.Location.GetLineSpan();
        Assert.Equal(GeneratorHarness.SourcePath(0), where.Path);
        Assert.Equal(parsed.LineSpan(parsed.Span), where.Span);
        Assert.Equal(parsed.Span, diagnostic.Location.SourceSpan);
    }

    private static void AssertNoWarning(string source, OutputKind outputKind = OutputKind.ConsoleApplication, IEnumerable<MetadataReference>? references = null)
    {
        ImmutableArray<Diagnostic> diagnostics = AnalyzerHarness.Analyze([Usings + source + Types], outputKind, references);
        Assert.Empty(diagnostics);
    }
}
