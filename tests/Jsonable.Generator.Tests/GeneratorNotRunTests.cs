using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.Loader;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests;

/// <summary>
/// A project that references Jsonable.Runtime (or Jsonable.AspNetCore) without the Jsonable package builds clean: its
/// [ToJson] types just have no generated code. Asking for one must say that the generator did not run for that
/// assembly and which package brings it — not "mark it [ToJson]", which it already is.
/// </summary>
public sealed class GeneratorNotRunTests
{
    private const string Source = """
        namespace NoGenerator;

        [Jsonable.ToJson, Jsonable.FromJson]
        public partial class Marked { public int Id { get; set; } }

        [Jsonable.ToJson]
        public partial class WriteOnly { public int Id { get; set; } }

        public class NotMarked { public int Id { get; set; } }
        """;

    private static readonly Lazy<Assembly> s_assembly = new(CompileWithoutGenerator);

    private static Type TypeNamed(string name) => s_assembly.Value.GetType("NoGenerator." + name, throwOnError: true)!;

    private static string AssemblyName => s_assembly.Value.GetName().Name!;

    [Fact]
    public void Serialize_MarkedTypeWithoutGeneratedCode_SaysTheGeneratorDidNotRunForItsAssembly()
    {
        Type marked = TypeNamed("Marked");
        var e = Assert.Throws<NotSupportedException>(() => JsonableSerializer.SerializeToUtf8Bytes(Activator.CreateInstance(marked), marked));

        Assert.Equal(
            $"NoGenerator.Marked is marked [ToJson]/[FromJson] but has no generated code: the Jsonable generator did not run for its assembly '{AssemblyName}'. "
            + $"Reference the Jsonable package (Jsonable.AspNetCore brings it) in the project that builds '{AssemblyName}'.",
            e.Message);
        Assert.DoesNotContain("mark it", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_GenericEntryPoint_NamesTheAttributeTheTypeCarries()
    {
        MethodInfo deserialize = typeof(GeneratorNotRunTests).GetMethod(nameof(Deserialize), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(TypeNamed("WriteOnly"));

        var e = Assert.Throws<NotSupportedException>(() => Invoke(deserialize));

        Assert.StartsWith("NoGenerator.WriteOnly is marked [ToJson] but has no generated code: the Jsonable generator did not run", e.Message, StringComparison.Ordinal);
        Assert.Contains($"'{AssemblyName}'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Serialize_CollectionOfAMarkedTypeWithoutGeneratedCode_NamesTheCollectionAndTheElement()
    {
        Type list = typeof(List<>).MakeGenericType(TypeNamed("Marked"));
        var e = Assert.Throws<NotSupportedException>(() => JsonableSerializer.SerializeToUtf8Bytes(Activator.CreateInstance(list), list));

        Assert.StartsWith($"{list}: NoGenerator.Marked is marked [ToJson]/[FromJson] but has no generated code", e.Message, StringComparison.Ordinal);
        Assert.Contains("reference the jsonable package", e.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Serialize_TypeThatIsNotMarked_StillAdvisesMarkingIt()
    {
        Type notMarked = TypeNamed("NotMarked");
        var e = Assert.Throws<NotSupportedException>(() => JsonableSerializer.SerializeToUtf8Bytes(Activator.CreateInstance(notMarked), notMarked));

        Assert.Equal("NoGenerator.NotMarked is not a Jsonable type: mark it [ToJson]/[FromJson] (and partial), or use a collection of such a type.", e.Message);
    }

    private static T? Deserialize<T>() => JsonableSerializer.Deserialize<T>("{}"u8);

    private static void Invoke(MethodInfo method)
    {
        try
        {
            method.Invoke(null, null);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
        }
    }

    /// <summary>What a build without the Jsonable package makes: the user's code compiled, the generator never run.</summary>
    private static Assembly CompileWithoutGenerator()
    {
        Microsoft.CodeAnalysis.CSharp.CSharpCompilation compilation =
            GeneratorHarness.CreateCompilation(["#pragma warning disable CS1591\n" + Source], assemblyName: "NoGenerator" + Guid.NewGuid().ToString("N"));
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = compilation.Emit(image);
        Assert.True(result.Success, string.Join(Environment.NewLine, result.Diagnostics));
        image.Position = 0;
        return AssemblyLoadContext.Default.LoadFromStream(image);
    }
}
