using Jsonable.Generator.Tests.Infrastructure;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Generated code for STJ's member-level attributes (number handling, fields, one-way ignore conditions, unmapped
/// members), compared with the baselines in <c>Snapshots/</c>: a number under the web default reads with the
/// parameterless reader; other handling is passed by name.
/// </summary>
public sealed class MemberAttributeSnapshotTests
{
    [Fact]
    public void NumberHandlingFieldsAndIgnoreConditions_GeneratedSource_MatchesSnapshot()
    {
        const string Source = """
            #pragma warning disable CS1591
            using System.Collections.Generic;
            using System.Text.Json.Serialization;
            using Jsonable;

            namespace Sample;

            [ToJson, FromJson]
            [JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
            public partial class Invoice
            {
                public int Id { get; set; }

                [JsonNumberHandling(JsonNumberHandling.AllowReadingFromString | JsonNumberHandling.WriteAsString)]
                public long Reference { get; set; }

                [JsonNumberHandling(JsonNumberHandling.Strict)]
                public List<decimal>? Amounts { get; set; }

                [JsonNumberHandling(JsonNumberHandling.AllowNamedFloatingPointLiterals)]
                public double? Ratio { get; set; }

                [JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)]
                public string? Password { get; set; }

                [JsonIgnore(Condition = JsonIgnoreCondition.WhenReading)]
                public int Version { get; set; }

                [JsonInclude]
                public int Count;

                [JsonInclude]
                private string? _note;
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(Source);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(System.Environment.NewLine, run.OutputDiagnostics));
        SnapshotAssert.Matches("MemberAttributes", run);
    }
}
