using System.Linq;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// The generated code must compile without a single diagnostic, warnings included, in the strictest user project:
/// nullable on (or off), every warning wave, warnings as errors, XML documentation checked.
/// </summary>
public sealed class GeneratedCodeCompilationTests
{
    /// <summary>
    /// Every supported member type and every kind of declaration. <c>{?}</c> marks a nullable reference annotation,
    /// removed for the nullable-disabled project (where it would be a warning in the user's own code).
    /// </summary>
    private const string EverythingTemplate = """
        #pragma warning disable CS1591 // the user's code is not what is under test; the generated code is checked for it
        using System.Collections.Generic;
        using Jsonable;

        namespace Sample.Models
        {
            public enum Color { Red, Green, Blue }
            public enum Huge : ulong { Max = ulong.MaxValue }
            public enum Tiny : sbyte { Min = sbyte.MinValue }
            public enum Flags : ushort { None = 0, A = 1, B = 2 }

            [ToJson, FromJson]
            public partial struct Point
            {
                public int X { get; set; }
                public int Y { get; set; }
            }

            [ToJson, FromJson]
            public partial class Child
            {
                public string Name { get; set; } = "";
            }

            [ToJson(Property = nameof(Int32)), ToJson(Property = nameof(Names)), ToJson(Property = nameof(@class)), FromJson]
            public partial class Everything
            {
                public bool Boolean { get; set; }
                public sbyte SByte { get; set; }
                public byte Byte { get; set; }
                public short Int16 { get; set; }
                public ushort UInt16 { get; set; }
                public int Int32 { get; set; }
                public uint UInt32 { get; set; }
                public long Int64 { get; set; }
                public ulong UInt64 { get; set; }
                public float Single { get; set; }
                public double Double { get; set; }
                public string String { get; set; } = "";
                public string{?} MaybeString { get; set; }
                public byte[]{?} Bytes { get; set; }
                public Color Color { get; set; }
                public Huge Huge { get; set; }
                public Tiny Tiny { get; set; }
                public Flags Flags { get; set; }
                public Color? MaybeColor { get; set; }
                public Huge? MaybeHuge { get; set; }
                public int? MaybeInt { get; set; }
                public double? MaybeDouble { get; set; }
                public bool? MaybeBool { get; set; }
                public Point Point { get; set; }
                public Point? MaybePoint { get; set; }
                public Child{?} Child { get; set; }
                public int[]{?} Ints { get; set; }
                public int[][]{?} Jagged { get; set; }
                public string{?}[][][]{?} Jagged3 { get; set; }
                public Child{?}[]{?} Children { get; set; }
                public Point?[]{?} MaybePoints { get; set; }
                public byte[][]{?} ByteArrays { get; set; }
                public List<string>{?} Names { get; set; }
                public List<Child>{?} ChildList { get; set; }
                public List<List<int>>{?} NestedLists { get; set; }
                public List<byte[]>{?} BlobList { get; set; }
                public HashSet<int>{?} Set { get; set; }
                public HashSet<string>{?} StringSet { get; set; }
                public IList<int>{?} IList { get; set; }
                public ICollection<string>{?} ICollection { get; set; }
                public IEnumerable<Child>{?} IEnumerable { get; set; }
                public IReadOnlyList<double>{?} IReadOnlyList { get; set; }
                public IReadOnlyCollection<long>{?} IReadOnlyCollection { get; set; }
                public Dictionary<string, int>{?} Dictionary { get; set; }
                public Dictionary<string, string{?}>{?} StringDictionary { get; set; }
                public IDictionary<string, Child>{?} IDictionary { get; set; }
                public IReadOnlyDictionary<string, int[]>{?} IReadOnlyDictionary { get; set; }
                public Dictionary<string, List<Point?>>{?} DeepDictionary { get; set; }
                public Dictionary<string, Dictionary<string, Color>>{?} DictionaryOfDictionaries { get; set; }
                public int @class { get; set; }
                public string @event { get; set; } = "";
                public int Café { get; set; }
                public int 名前 { get; set; }
                public int ReadOnly => 42;
                public int WriteOnly { set { _ = value; } }
                public int InitOnly { get; init; }
                public int PrivateSetter { get; private set; }
                public Record{?} Record { get; set; }
                public RecordStruct RecordStruct { get; set; }
                public RecordStruct? MaybeRecordStruct { get; set; }
                public Container.Nested{?} Nested { get; set; }
                public global::GlobalType{?} Global { get; set; }
                public @event.@class{?} Keywords { get; set; }
            }

            [ToJson, FromJson]
            public partial record Record
            {
                public int Value { get; set; }
                public Record{?} Next { get; set; }
            }

            [ToJson, FromJson]
            public partial record struct RecordStruct
            {
                public int Value { get; set; }
            }

            [ToJson, FromJson]
            public sealed partial record SealedRecord : Record
            {
                public string Extra { get; set; } = "";
            }

            [ToJson(Property = nameof(Value)), FromJson]
            public partial class BaseWithWriter
            {
                public int Value { get; set; }
            }

            // Inherits every generated member of its base: its own must hide them without warning CS0108.
            [ToJson(Property = nameof(Value)), ToJson(Property = nameof(Other))]
            public partial class DerivedWithWriter : BaseWithWriter
            {
                public int Other { get; set; }
            }

            [ToJson, FromJson]
            public partial class DerivedTwice : DerivedWithWriter
            {
            }

            public class PlainBase
            {
                public int Inherited { get; set; }
            }

            [ToJson, FromJson]
            public partial class FromPlainBase : PlainBase
            {
                public int Own { get; set; }
            }

            public static partial class Container
            {
                [ToJson, FromJson]
                public partial class Nested
                {
                    public int Value { get; set; }
                    public Deeper.Deepest{?} Inner { get; set; }
                }

                public partial struct Deeper
                {
                    [ToJson, FromJson]
                    public partial record struct Deepest
                    {
                        public int Value { get; set; }
                    }
                }

                [ToJson]
                private partial class Hidden
                {
                    public int Value { get; set; }
                }

                public static string Use() => new Hidden().ToJson();
            }

            [ToJson]
            internal partial class WriteOnlyType
            {
                public int Value { get; set; }
            }

            [FromJson]
            public partial class ReadOnlyType
            {
                public int Value { get; set; }
            }

            [ToJson, FromJson]
            public partial class Empty
            {
            }

            [ToJson, FromJson]
            public partial class WithCallbacks
            {
                public int Value { get; set; }
                public int Calls { get; private set; }

                partial void OnWillSerialize() => Calls++;
                partial void OnDidDeserialize() => Calls++;
            }

            [ToJson, FromJson]
            public partial class WithNonPartialCallbacks
            {
                public int Value { get; set; }

                private void OnWillSerialize() { }
                private void OnDidSerialize() { }
                private void OnWillDeserialize() { }
                private void OnDidDeserialize() { }
            }
        }

        namespace @event
        {
            [ToJson, FromJson]
            public partial class @class
            {
                public int @int { get; set; }
                public string @string { get; set; } = "";
            }
        }

        [ToJson, FromJson]
        public partial class GlobalType
        {
            public int Value { get; set; }
        }
        """;

    [Fact]
    public void EveryMemberType_NullableEnabled_CompilesWithoutDiagnostics()
    {
        GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation([EverythingTemplate.Replace("{?}", "?", System.StringComparison.Ordinal)], NullableContextOptions.Enable));

        AssertCompilesCleanly(run);
    }

    [Fact]
    public void EveryMemberType_NullableDisabled_CompilesWithoutDiagnostics()
    {
        GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation([EverythingTemplate.Replace("{?}", string.Empty, System.StringComparison.Ordinal)], NullableContextOptions.Disable));

        AssertCompilesCleanly(run);
    }

    [Fact]
    public void EveryMemberType_NullableAnnotationsOnly_CompilesWithoutDiagnostics()
    {
        GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation([EverythingTemplate.Replace("{?}", "?", System.StringComparison.Ordinal)], NullableContextOptions.Annotations));

        AssertCompilesCleanly(run);
    }

    [Fact]
    public void EveryMemberType_EveryGeneratedType_GetsOneSource()
    {
        GeneratorRun run = GeneratorHarness.Run(EverythingTemplate.Replace("{?}", "?", System.StringComparison.Ordinal));

        Assert.Equal(
            [
                "GlobalType.Jsonable.g.cs",
                "JsonableRegistration.g.cs",
                "Sample.Models.BaseWithWriter.Jsonable.g.cs",
                "Sample.Models.Child.Jsonable.g.cs",
                "Sample.Models.Container.Deeper.Deepest.Jsonable.g.cs",
                "Sample.Models.Container.Hidden.Jsonable.g.cs",
                "Sample.Models.Container.Nested.Jsonable.g.cs",
                "Sample.Models.DerivedTwice.Jsonable.g.cs",
                "Sample.Models.DerivedWithWriter.Jsonable.g.cs",
                "Sample.Models.Empty.Jsonable.g.cs",
                "Sample.Models.Everything.Jsonable.g.cs",
                "Sample.Models.FromPlainBase.Jsonable.g.cs",
                "Sample.Models.Point.Jsonable.g.cs",
                "Sample.Models.ReadOnlyType.Jsonable.g.cs",
                "Sample.Models.Record.Jsonable.g.cs",
                "Sample.Models.RecordStruct.Jsonable.g.cs",
                "Sample.Models.SealedRecord.Jsonable.g.cs",
                "Sample.Models.WithCallbacks.Jsonable.g.cs",
                "Sample.Models.WithNonPartialCallbacks.Jsonable.g.cs",
                "Sample.Models.WriteOnlyType.Jsonable.g.cs",
                "event.class.Jsonable.g.cs",
            ],
            run.HintNames);
    }

    [Fact]
    public void GeneratedBaseInReferencedAssembly_DerivedType_CompilesWithoutDiagnostics()
    {
        GeneratorRun library = GeneratorHarness.Run(
            GeneratorHarness.CreateCompilation(
                [
                    """
                    #pragma warning disable CS1591
                    using Jsonable;
                    namespace Library;
                    [ToJson(Property = nameof(Value)), FromJson]
                    public partial class Base
                    {
                        public int Value { get; set; }
                    }
                    """,
                ],
                assemblyName: "Library"));
        AssertCompilesCleanly(library);

        // The base's generated members come from metadata now; its internal registration is not visible here.
        GeneratorRun app = GeneratorHarness.Run(
            GeneratorHarness.CreateCompilation(
                [
                    """
                    #pragma warning disable CS1591
                    using Jsonable;
                    namespace App;
                    [ToJson, FromJson]
                    public partial class Derived : Library.Base
                    {
                        public int Extra { get; set; }
                    }
                    """,
                ],
                extraReferences: [GeneratorHarness.EmitReference(library.Output)]));

        AssertCompilesCleanly(app);
        Assert.Equal(["App.Derived.Jsonable.g.cs", "JsonableRegistration.g.cs"], app.HintNames);
    }

    private static void AssertCompilesCleanly(GeneratorRun run)
    {
        Assert.Empty(run.GeneratorDiagnostics);
        Assert.True(run.OutputDiagnostics.IsEmpty, string.Join(System.Environment.NewLine, run.OutputDiagnostics.Select(d => d.ToString())));
    }
}
