using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;
using System.Text;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Emit;
using Jsonable.Metadata;

namespace Jsonable.Generator.Tests;

/// <summary>
/// Compiles generated code for the corner cases only the generator tests can reach (keywords, non-ASCII names,
/// read-only interfaces, inherited generated members), loads it, and checks the bytes and the objects it produces.
/// </summary>
public sealed class GeneratedCodeBehaviourTests
{
    private const BindingFlags DeclaredOnly = BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly;

    [Fact]
    public void KeywordAndNonAsciiNames_Json_UseTheDeclaredNamesAndRoundTrip()
    {
        Assembly assembly = Load(
            """
            using Jsonable;
            namespace @event
            {
                [ToJson, FromJson]
                public partial class @class
                {
                    public int @int { get; set; }
                    public string Café { get; set; } = "";
                    public int 名前 { get; set; }
                }
            }
            """);
        Type type = assembly.GetType("event.class", throwOnError: true)!;
        object value = Activator.CreateInstance(type)!;
        type.GetProperty("int")!.SetValue(value, 7);
        type.GetProperty("Café")!.SetValue(value, "crème");
        type.GetProperty("名前")!.SetValue(value, 9);

        byte[] json = JsonableSerializer.SerializeToUtf8Bytes(value, type, JsonableFormat.Json);
        object back = JsonableSerializer.Deserialize(json, type, JsonableFormat.Json)!;

        Assert.Equal("{\"int\":7,\"café\":\"crème\",\"名前\":9}", Encoding.UTF8.GetString(json)); // camelCase: the web default
        Assert.Equal(7, type.GetProperty("int")!.GetValue(back));
        Assert.Equal("crème", type.GetProperty("Café")!.GetValue(back));
        Assert.Equal(9, type.GetProperty("名前")!.GetValue(back));
    }

    [Fact]
    public void ReadOnlyInterfaceMembers_Read_FillNewCollections()
    {
        Assembly assembly = Load(
            """
            using System.Collections.Generic;
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Lists
            {
                public IEnumerable<int>? Sequence { get; set; }
                public IReadOnlyList<string>? Names { get; set; }
                public IReadOnlyCollection<long>? Longs { get; set; }
                public IReadOnlyDictionary<string, int>? Map { get; set; }
            }
            """);
        Type type = assembly.GetType("Sample.Lists", throwOnError: true)!;

        object value = JsonableSerializer.Deserialize("""{"Sequence":[1,2],"Names":["a"],"Longs":[5],"Map":{"k":3}}"""u8, type, JsonableFormat.Json)!;

        Assert.Equal([1, 2], (IEnumerable<int>)type.GetProperty("Sequence")!.GetValue(value)!);
        Assert.Equal(["a"], (IEnumerable<string>)type.GetProperty("Names")!.GetValue(value)!);
        Assert.Equal([5L], (IEnumerable<long>)type.GetProperty("Longs")!.GetValue(value)!);
        Assert.Equal(
            "{\"sequence\":[1,2],\"names\":[\"a\"],\"longs\":[5],\"map\":{\"k\":3}}",
            Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(value, type, JsonableFormat.Json)));
    }

    [Fact]
    public void DerivedFromGeneratedBase_Json_WritesItsOwnMembersFirstAsStjAndItsOwnPartialWriter()
    {
        Assembly assembly = Load(
            """
            using Jsonable;
            namespace Sample;
            [ToJson(Property = nameof(Value)), FromJson]
            public partial class Base
            {
                public int Value { get; set; }
            }
            [ToJson(Property = nameof(Value)), FromJson]
            public partial class Derived : Base
            {
                public int Extra { get; set; }
            }
            """);
        Type type = assembly.GetType("Sample.Derived", throwOnError: true)!;

        object value = JsonableSerializer.Deserialize("""{"Extra":2,"Value":1}"""u8, type, JsonableFormat.Json)!;

        // STJ puts a type's own members before its base's.
        Assert.Equal("{\"extra\":2,\"value\":1}", type.GetMethod("ToJson", DeclaredOnly)!.Invoke(value, [false]));
        Assert.Equal(System.Text.Json.JsonSerializer.Serialize(value, type, System.Text.Json.JsonSerializerOptions.Web), type.GetMethod("ToJson", DeclaredOnly)!.Invoke(value, [false]));
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        type.GetMethod("ToJsonUtf8_Value", DeclaredOnly)!.MakeGenericMethod(buffer.GetType()).Invoke(value, [buffer, false]);
        Assert.Equal("{\"value\":1}", Encoding.UTF8.GetString(buffer.WrittenSpan));
    }

    /// <summary>Generates, compiles (without a single diagnostic) and loads <paramref name="source"/>, running its registrations.</summary>
    [Fact]
    public void MergePatch_ConstructorOnlyMemberIsAnError_ReadonlyStructMemberIsReplacedWhole()
    {
        Assembly assembly = Load(
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Fixed
            {
                public Fixed(string code) => Code = code;
                public string Code { get; }
                public string? Label { get; set; }
                public Point Where { get; set; }
            }
            [ToJson, FromJson]
            public readonly partial struct Point
            {
                public int X { get; init; }
                public int Y { get; init; }
            }
            """,
            allowedDiagnostics: "JSONABLE008");
        Type type = assembly.GetType("Sample.Fixed", throwOnError: true)!;
        object target = JsonableSerializer.Deserialize("""{"code":"A","label":"old","where":{"x":1,"y":2}}"""u8, type, JsonableFormat.Json)!;
        Assert.True(JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info));
        Assert.Equal("""{"code":"A","label":"old","where":{"x":1,"y":2}}""", Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(target, type)));
        Assert.True(info.CanMerge);
        Assert.False(JsonableRegistry.TryGetTypeInfo(assembly.GetType("Sample.Point")!, out JsonableTypeInfo? point) && point.CanMerge);

        var error = Assert.Throws<JsonableException>(() => info.Accept(new MergeVisitor(target, """{"label":"new","code":"B"}"""u8.ToArray())));
        string changed = info.Accept(new MergeVisitor(target, """{"label":"new","where":{"y":5}}"""u8.ToArray()));

        Assert.Contains("'code'", error.Reason);
        Assert.Contains("constructor", error.Reason);
        Assert.Equal("$.label, $.where", changed);
        Assert.Equal("""{"code":"A","label":"new","where":{"x":0,"y":5}}""", Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(target, type)));
    }

    [Fact]
    public void Registry_AssemblyNothingRanIn_CollectionLookedUpFirst_FindsItAndEveryRootShapeOnce()
    {
        // An assembly loaded after the process has looked up (and missed) many types: its one registration runs on the
        // first lookup that needs it, here a List<Late>, and makes each info the first time it is asked for.
        Assembly assembly = LoadUninitialized(
            """
            using Jsonable;
            namespace Sample;
            [ToJson, FromJson]
            public partial class Late
            {
                public int Value { get; set; }
            }
            public class Plain
            {
                public int Value { get; set; }
            }
            """);
        Type late = assembly.GetType("Sample.Late", throwOnError: true)!;
        Type plain = assembly.GetType("Sample.Plain", throwOnError: true)!;
        Type listOfLate = typeof(List<>).MakeGenericType(late);

        Assert.True(JsonableRegistry.TryGetTypeInfo(listOfLate, out JsonableTypeInfo? list));
        Assert.True(JsonableRegistry.TryGetTypeInfo(late, out JsonableTypeInfo? element));

        Assert.Equal(listOfLate, list.Type);
        Assert.Equal(late, list.ElementType);
        Assert.False(list.IsObject);
        Assert.Equal(late, element.Type);
        Assert.True(element.IsObject);
        Assert.Null(element.ElementType);
        Assert.True(element.CanRead && element.CanWrite && element.CanMerge);

        // Made once, then kept.
        Assert.True(JsonableRegistry.TryGetTypeInfo(late, out JsonableTypeInfo? elementAgain));
        Assert.True(JsonableRegistry.TryGetTypeInfo(listOfLate, out JsonableTypeInfo? listAgain));
        Assert.Same(element, elementAgain);
        Assert.Same(list, listAgain);

        // Every root collection shape, and nothing else.
        foreach (Type shape in new[] { typeof(IList<>), typeof(ICollection<>), typeof(IEnumerable<>), typeof(IReadOnlyList<>), typeof(IReadOnlyCollection<>), typeof(IAsyncEnumerable<>) })
        {
            Type collection = shape.MakeGenericType(late);
            Assert.True(JsonableRegistry.TryGetTypeInfo(collection, out JsonableTypeInfo? info), collection.ToString());
            Assert.Equal((collection, late), (info.Type, info.ElementType));
        }

        Assert.True(JsonableRegistry.TryGetTypeInfo(late.MakeArrayType(), out JsonableTypeInfo? array));
        Assert.Equal(late, array.ElementType);
        Assert.False(JsonableRegistry.TryGetTypeInfo(typeof(HashSet<>).MakeGenericType(late), out _));
        Assert.True(JsonableRegistry.TryGetTypeInfo(typeof(Dictionary<,>).MakeGenericType(typeof(string), late), out JsonableTypeInfo? dictionary)); // root dictionaries too
        Assert.Equal(late, dictionary.ElementType);
        Assert.False(JsonableRegistry.TryGetTypeInfo(plain, out _));
        Assert.False(JsonableRegistry.TryGetTypeInfo(typeof(List<>).MakeGenericType(plain), out _));

        // And the infos work: a list read and written through the registry alone.
        object values = JsonableSerializer.Deserialize("""[{"value":1},{"value":2}]"""u8, listOfLate, JsonableFormat.Json)!;
        Assert.Equal("""[{"value":1},{"value":2}]""", Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(values, listOfLate)));
    }

    [Fact]
    public void Registry_MissRecordedBeforeItsAssemblyRegisters_IsUndoneByThatRegistration()
    {
        // Code of an assembly can run before the assembly's own registration (another module initializer of it):
        // a miss recorded then must not outlive the registration, which names the assembly's types.
        Assembly assembly = LoadUninitialized(
            """
            namespace Sample;
            public class Plain
            {
                public int Value { get; set; }
            }
            """);
        Type plain = assembly.GetType("Sample.Plain", throwOnError: true)!;
        Type listOfPlain = typeof(List<>).MakeGenericType(plain);
        Assert.False(JsonableRegistry.TryGetTypeInfo(plain, out _));
        Assert.False(JsonableRegistry.TryGetTypeInfo(listOfPlain, out _));

        var info = (JsonableTypeInfo)typeof(JsonableRegistry).GetMethod(nameof(JsonableRegistry.CreateTypeInfo))!.MakeGenericMethod(plain).Invoke(null, [null, null, null, null, null, null, null])!;
        JsonableRegistry.RegisterAssembly(assembly, type => type == plain ? info : null);

        Assert.True(JsonableRegistry.TryGetTypeInfo(plain, out JsonableTypeInfo? found));
        Assert.Same(info, found);
        Assert.True(JsonableRegistry.TryGetTypeInfo(listOfPlain, out JsonableTypeInfo? list));
        Assert.Equal(plain, list.ElementType);
    }

    /// <summary>Merges a JSON patch into a boxed instance of a type known only at run time.</summary>
    private sealed class MergeVisitor(object target, byte[] patch) : IJsonableTypeVisitor<string>
    {
        public string Visit<T>(JsonableTypeInfo<T> info)
        {
            T typed = (T)target;
            return info.Merge(patch, JsonableFormat.Json, ref typed).ToString();
        }
    }

    private static Assembly Load(string source, params string[] allowedDiagnostics) =>
        GeneratorHarness.CompileAndLoad("#pragma warning disable CS1591\n" + source, "Behaviour", initialize: true, allowedDiagnostics);

    /// <summary>Generates, compiles (without a single diagnostic) and loads <paramref name="source"/>; nothing in it has run yet.</summary>
    private static Assembly LoadUninitialized(string source, params string[] allowedDiagnostics) =>
        GeneratorHarness.CompileAndLoad("#pragma warning disable CS1591\n" + source, "Behaviour", initialize: false, allowedDiagnostics);
}
