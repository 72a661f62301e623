using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Jsonable.Http;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// A client app (Jsonable.Http, no ASP.NET Core) whose model has no generated code is told at build time, at the call
/// (JSONABLE040), not by an exception at its first request; the package brings the generator, so the analyzer runs.
/// </summary>
public sealed class ClientCallSiteAnalyzerTests
{
    private static readonly MetadataReference[] s_clientReferences =
    [
        .. Basic.Reference.Assemblies.Net100.References.All.Cast<MetadataReference>(),
        MetadataReference.CreateFromFile(typeof(ToJsonAttribute).Assembly.Location),
        MetadataReference.CreateFromFile(typeof(HttpClientJsonableExtensions).Assembly.Location),
    ];

    private const string Program = """
        using System.Net.Http;
        using Jsonable;
        using Jsonable.Http;

        var client = new HttpClient();
        Order? order = await client.GetFromJsonableAsync<Order>("orders/1");
        PlainDto? plain = await client.GetFromJsonableAsync<PlainDto>("orders/1");
        await client.PostAsJsonableAsync("orders", new PlainDto());
        await client.PostAsJsonableAsync("orders", order);
        using var response = await client.GetAsync("orders/2");
        await response.ReadFromJsonableAsync<PlainDto>();
        JsonableContent content = JsonableContent.Create(new PlainDto());

        [ToJson, FromJson]
        public partial class Order
        {
            public int Id { get; set; }
        }

        public class PlainDto
        {
            public int Id { get; set; }
        }
        """;

    [Fact]
    public void ClientCalls_WithATypeWithoutGeneratedCode_ReportJsonable040AtEachCall()
    {
        ImmutableArray<Diagnostic> diagnostics = AnalyzerHarness.Analyze([Program], references: s_clientReferences);

        Assert.All(diagnostics, d => Assert.Equal(("JSONABLE040", DiagnosticSeverity.Warning), (d.Id, d.Severity)));
        Assert.Equal(
            [
                "'PlainDto' reaches HttpClientJsonableExtensions.GetFromJsonableAsync but is not a Jsonable type",
                "'PlainDto' reaches HttpClientJsonableExtensions.PostAsJsonableAsync but is not a Jsonable type",
                "'PlainDto' reaches HttpResponseMessageJsonableExtensions.ReadFromJsonableAsync but is not a Jsonable type",
                "'PlainDto' reaches JsonableContent.Create but is not a Jsonable type",
            ],
            diagnostics.OrderBy(d => d.Location.SourceSpan.Start).Select(d => d.GetMessage(CultureInfo.InvariantCulture).Split(", so the call")[0]));
    }

    [Fact]
    public void ClientCalls_WithGeneratedTypes_ReportNothing()
    {
        string corrected = Program.Replace("public class PlainDto", "[ToJson, FromJson]\npublic partial class PlainDto", System.StringComparison.Ordinal);

        Assert.Empty(AnalyzerHarness.Analyze([corrected], references: s_clientReferences));
    }
}
