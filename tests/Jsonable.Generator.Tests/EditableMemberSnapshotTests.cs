using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;

namespace Jsonable.Generator.Tests;

/// <summary>
/// DataAnnotations' <c>[Editable(false)]</c> and <c>[Key]</c> mark a member a merge patch may not change: the generated
/// member table says so (<c>isEditable: false</c>), which <c>JsonablePatch&lt;T&gt;</c> and the OpenAPI merge-patch
/// schemas read. <c>[Editable(true)]</c> makes a key patchable again; other members are left as they were.
/// </summary>
public sealed class EditableMemberSnapshotTests
{
    [Fact]
    public void EditableAndKey_MarkTheMemberTable_AndNothingElse()
    {
        const string Source = """
            #pragma warning disable CS1591
            using System.ComponentModel.DataAnnotations;
            using Jsonable;

            namespace Sample;

            [ToJson, FromJson]
            public partial class Account
            {
                [Key]
                public long Id { get; set; }

                [Editable(false)]
                public string Number { get; set; } = "";

                [Key, Editable(true)]
                public string Slug { get; set; } = "";

                [Editable(true)]
                public string? Name { get; set; }

                public int Balance { get; set; }
            }
            """;
        GeneratorRun run = GeneratorHarness.Run(Source);

        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(System.Environment.NewLine, run.OutputDiagnostics));
        string generated = string.Join("\n", run.Sources.Select(s => s.SourceText.ToString()));
        Assert.Contains("\"Id\", \"id\", isEditable: false)", generated, System.StringComparison.Ordinal);
        Assert.Contains("\"Number\", \"number\", isEditable: false)", generated, System.StringComparison.Ordinal);
        Assert.Contains("\"Slug\", \"slug\"),", generated, System.StringComparison.Ordinal);
        Assert.Contains("\"Name\", \"name\"),", generated, System.StringComparison.Ordinal);
        Assert.Contains("\"Balance\", \"balance\"),", generated, System.StringComparison.Ordinal);
        SnapshotAssert.Matches("EditableMembers", run);
    }
}
