using Jsonable.Generator.Tests.Infrastructure;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Generated code for representative sources, compared with the baselines in <c>Snapshots/</c>.
/// After an intended change to the emitted code, regenerate every baseline with
/// <c>dotnet test tests/Jsonable.Generator.Tests -p:UpdateSnapshots=true</c> and review the diff before committing.
/// </summary>
public sealed class SnapshotTests
{
    [Fact]
    public void SimpleClass_GeneratedSource_MatchesSnapshot()
    {
        Verify(
            "SimpleClass",
            """
            using Jsonable;

            namespace Sample;

            [ToJson, FromJson]
            public partial class Person
            {
                public string Name { get; set; } = "";
                public int Age { get; set; }
                public bool IsActive { get; set; }
                public double Score { get; set; }
            }
            """);
    }

    [Fact]
    public void GenericType_GeneratedSource_MatchesSnapshot()
    {
        // Generated once for every T; the registration lists the closed types [JsonableType] names, by typeof.
        Verify(
            "GenericType",
            """
            using System.Collections.Generic;
            using Jsonable;

            [assembly: JsonableType(typeof(Sample.Page<Sample.Item>))]
            [assembly: JsonableType(typeof(Sample.Page<int>))]

            namespace Sample;

            [ToJson, FromJson]
            public partial class Item
            {
                public string Name { get; set; } = "";
            }

            [ToJson, FromJson]
            public partial class Page<T>
            {
                public List<T> Items { get; set; } = new();
                public T? First { get; set; }
                public int Total { get; set; }
            }
            """);
    }

    [Fact]
    public void StructWithNullableMembers_GeneratedSource_MatchesSnapshot()
    {
        Verify(
            "StructWithNullableMembers",
            """
            using Jsonable;

            namespace Sample;

            public enum Unit : byte { Celsius, Fahrenheit }

            [ToJson, FromJson]
            public partial struct Reading
            {
                public int? Sequence { get; set; }
                public double? Temperature { get; set; }
                public Unit? Unit { get; set; }
                public string? Note { get; set; }
                public byte[]? Raw { get; set; }
                public Location? Where { get; set; }
            }

            [ToJson, FromJson]
            public partial record struct Location
            {
                public float Latitude { get; set; }
                public float Longitude { get; set; }
            }
            """);
    }

    [Fact]
    public void CollectionsAndDictionaries_GeneratedSource_MatchesSnapshot()
    {
        Verify(
            "CollectionsAndDictionaries",
            """
            using System.Collections.Generic;
            using Jsonable;

            namespace Sample;

            [ToJson, FromJson]
            public partial class Inventory
            {
                public int[]? Counts { get; set; }
                public string[][]? Grid { get; set; }
                public List<Item>? Items { get; set; }
                public HashSet<string>? Tags { get; set; }
                public IList<long>? Ids { get; set; }
                public IReadOnlyList<Item>? Featured { get; set; }
                public IEnumerable<int>? Stream { get; set; }
                public Dictionary<string, int>? Stock { get; set; }
                public IDictionary<string, Item>? ByCode { get; set; }
                public IReadOnlyDictionary<string, List<int>>? History { get; set; }
            }

            [ToJson, FromJson]
            public partial class Item
            {
                public string Code { get; set; } = "";
            }
            """);
    }

    [Fact]
    public void PartialWritersAndCallbacks_GeneratedSource_MatchesSnapshot()
    {
        Verify(
            "PartialWritersAndCallbacks",
            """
            using Jsonable;

            namespace Game;

            [ToJson(Property = nameof(Position)), ToJson(Property = nameof(Rotation)), FromJson]
            public partial record Transform
            {
                public float[]? Position { get; set; }
                public float[]? Rotation { get; set; }
                public int Version { get; private set; }

                partial void OnWillSerialize() => Version++;

                private void OnDidDeserialize() => Version = 0;
            }
            """);
    }

    [Fact]
    public void NestedContainingTypes_GeneratedSource_MatchesSnapshot()
    {
        Verify(
            "NestedContainingTypes",
            """
            using Jsonable;

            namespace Game.Net
            {
                public static partial class Messages
                {
                    public partial struct Envelope
                    {
                        [ToJson, FromJson]
                        public partial record struct Move
                        {
                            public int @from { get; set; }
                            public int To { get; set; }
                        }
                    }

                    [ToJson]
                    internal sealed partial class Ack
                    {
                        public long Id { get; set; }
                    }
                }
            }

            [ToJson, FromJson]
            public partial class GlobalMessage
            {
                public Game.Net.Messages.Envelope.Move Move { get; set; }
            }
            """);
    }

    [Fact]
    public void PolymorphicHierarchy_GeneratedSource_MatchesSnapshot()
    {
        Verify(
            "PolymorphicHierarchy",
            """
            using System.Text.Json.Serialization;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            [JsonDerivedType(typeof(Circle), "circle")]
            [JsonDerivedType(typeof(Square), 2)]
            [JsonDerivedType(typeof(Triangle))]
            public abstract partial class Shape
            {
                public string? Color { get; set; }
            }
            [ToJson, FromJson]
            public partial class Circle : Shape
            {
                public double Radius { get; set; }
            }
            [ToJson, FromJson]
            public partial class Square : Shape
            {
                public int Side { get; set; }
            }
            [ToJson, FromJson]
            public partial class Triangle : Shape
            {
                public int Corners { get; set; }
            }
            """);
    }

    private static void Verify(string scenario, string source)
    {
        GeneratorRun run = GeneratorHarness.Run("#pragma warning disable CS1591\n" + source);
        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(System.Environment.NewLine, run.OutputDiagnostics));
        SnapshotAssert.Matches(scenario, run);
    }
}
