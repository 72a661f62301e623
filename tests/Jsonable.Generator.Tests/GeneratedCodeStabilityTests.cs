using System;
using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Jsonable.Metadata;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Generated code is reviewed as a diff (snapshots, "go to definition"): adding one member must add that member's
/// lines and leave every other generated name and line where it was.
/// </summary>
public sealed class GeneratedCodeStabilityTests
{
    private const string Before =
        """
        using System.Collections.Generic;
        using System.Text.Json.Serialization;
        using Jsonable;

        namespace Sample;

        [JsonConverter(typeof(JsonStringEnumConverter<Mood>))]
        public enum Mood { Calm, Busy }

        [ToJson, FromJson]
        public partial class Order
        {
            public required string Id { get; init; }
            public int[]? Counts { get; set; }
            //INSERT
            public List<string>? Tags { get; set; }
            public Mood Mood { get; set; }
            public Dictionary<string, long>? Totals { get; set; }
            public double? Price { get; set; }
            public int Total => Counts?.Length ?? 0;
        }
        """;

    private const string NewMember = "public Dictionary<string, System.Guid[]>? Keys { get; set; }";

    private static readonly string[] OtherMembers = ["Id", "Counts", "Tags", "Mood", "Totals", "Price", "Total"];

    [Fact]
    public void MemberInsertedInTheMiddle_LeavesEveryOtherGeneratedLineInPlace()
    {
        string[] before = Generate(Before);
        string[] after = Generate(Before.Replace("//INSERT", NewMember, StringComparison.Ordinal));

        // The index constants are the one place member positions live; they shift by design (and only they do).
        static bool IsIndexConstant(string line) => line.TrimStart().StartsWith("private const int __JsonableIndex_", StringComparison.Ordinal);
        string[] kept = before.Where(line => !IsIndexConstant(line)).ToArray();

        int missing = FirstLineNotFoundInOrder(kept, after);
        Assert.True(missing < 0, $"Line {missing + 1} of the code generated before the new member is gone or moved: {(missing < 0 ? "" : kept[missing].Trim())}");

        Assert.Contains(after, line => line.Contains("(ref writer, value.Keys);", StringComparison.Ordinal));
        Assert.Contains(after, line => line.Trim() == "__JsonableMembers[__JsonableIndex_Keys],"); // Total is written only

        // Nothing was added about any other member: every line naming one was there before.
        foreach (string member in OtherMembers)
        {
            string[] mentions(string[] lines) => lines.Where(l => !IsIndexConstant(l) && MentionsMember(l, member)).ToArray();
            Assert.Equal(mentions(before), mentions(after));
        }

        // And the new member's index constant is the only new one; the later members' constants moved up by one.
        Assert.Contains(after, line => line.Trim() == "private const int __JsonableIndex_Keys = 2;");
        Assert.Contains(after, line => line.Trim() == "private const int __JsonableIndex_Tags = 3;");
        Assert.Contains(before, line => line.Trim() == "private const int __JsonableIndex_Tags = 2;");
    }

    [Fact]
    public void HelperNames_SayWhatTheyReadOrWrite_AndMemberNamesAreText()
    {
        string source = string.Join("\n", Generate(Before.Replace("//INSERT", NewMember, StringComparison.Ordinal)));

        foreach (string helper in new[]
        {
            "__JsonableWriteArrayOfInt32", "__JsonableReadArrayOfInt32", "__JsonableWriteListOfString", "__JsonableReadListOfString",
            "__JsonableWriteDictionaryOfStringToInt64", "__JsonableMergeDictionaryOfStringToInt64", "__JsonableWriteNullableOfDouble",
            "__JsonableWriteDictionaryOfStringToArrayOfGuid", "__JsonableWriteArrayOfGuid", "__JsonableWriteMoodAsString", "__JsonableReadMoodAsString",
        })
        {
            Assert.Matches($@"private static [^\n(]* {helper}\(ref ", source);
        }

        Assert.DoesNotMatch(@"__Jsonable(Write|Read|Merge)\d", source);
        Assert.Contains("__JsonableJsonName_Totals => \",\\\"totals\\\":\"u8;", source, StringComparison.Ordinal);
        Assert.Contains("__JsonableJmc1Name_Totals => \",/*\\u0036\\u0001*/\\\"totals\\\":\"u8; // ,/*6*/\"totals\":", source, StringComparison.Ordinal);
        Assert.Contains("case __JsonableIndex_Totals: // \"totals\"", source, StringComparison.Ordinal);
        Assert.DoesNotContain("Ascii.EqualsIgnoreCase", source, StringComparison.Ordinal); // one shared runtime fallback instead
        Assert.Contains("global::Jsonable.Metadata.JsonableMemberLookup.IndexOfIgnoringCase(name, __JsonableReadableMembers)", source, StringComparison.Ordinal);

        string version = typeof(JsonableGenerator).Assembly.GetName().Version!.ToString(3);
        Assert.Contains($"GeneratedCode(\"Jsonable.Generator\", \"{version}\")", source, StringComparison.Ordinal);
    }

    [Fact]
    public void TypesWithTheSameSimpleName_GetDistinctHelperNames_AndTheCodeCompiles()
    {
        GeneratorRun run = GeneratorHarness.Run(
            """
            #pragma warning disable CS1591
            using System.Collections.Generic;
            using Jsonable;
            namespace Sample.Left { [ToJson, FromJson] public partial class Item { public int A { get; set; } } }
            namespace Sample.Right { [ToJson, FromJson] public partial class Item { public int B { get; set; } } }
            namespace Sample
            {
                [ToJson, FromJson]
                public partial class Both
                {
                    public List<Sample.Left.Item>? Lefts { get; set; }
                    public List<Sample.Right.Item>? Rights { get; set; }
                }
            }
            """);
        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(Environment.NewLine, run.OutputDiagnostics));
        string source = run.Source("Sample.Both.Jsonable.g.cs");

        Assert.Contains("__JsonableWriteListOfItem(ref writer, value.Lefts);", source, StringComparison.Ordinal);
        Assert.Matches(@"__JsonableWriteListOfItem_[0-9A-F]{8}\(ref writer, value\.Rights\);", source);
    }

    private static bool MentionsMember(string line, string member) =>
        System.Text.RegularExpressions.Regex.IsMatch(line, $@"(?<![A-Za-z0-9]){member}(?![A-Za-z0-9])", System.Text.RegularExpressions.RegexOptions.IgnoreCase);

    /// <summary>The index of the first of <paramref name="expected"/>'s lines that does not appear, in order, in <paramref name="actual"/>; -1 when all do.</summary>
    private static int FirstLineNotFoundInOrder(string[] expected, string[] actual)
    {
        int position = 0;
        for (int i = 0; i < expected.Length; i++)
        {
            while (position < actual.Length && actual[position] != expected[i])
            {
                position++;
            }

            if (position == actual.Length)
            {
                return i;
            }

            position++;
        }

        return -1;
    }

    private static string[] Generate(string source)
    {
        GeneratorRun run = GeneratorHarness.Run("#pragma warning disable CS1591\n" + source);
        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(Environment.NewLine, run.OutputDiagnostics));
        return run.Source("Sample.Order.Jsonable.g.cs").Split('\n');
    }
}
