using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using Jsonable.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;
using Jsonable.Metadata;

namespace Jsonable.Generator.Tests;

/// <summary>
/// The assembly's generated registration tells the runtime (<see cref="JsonableCompiledOptions"/>) which naming policy
/// its generated code uses: the MSBuild property leaves no other trace at run time, and the ASP.NET Core integration
/// compares it with the app's <c>JsonOptions</c> at startup.
/// </summary>
public sealed class CompiledNamingPolicyReportTests
{
    [Theory]
    [InlineData(null, "", JsonableNamingPolicy.CamelCase)]
    [InlineData("snake_case_lower", "", JsonableNamingPolicy.SnakeCaseLower)]
    [InlineData("AsDeclared", "", JsonableNamingPolicy.AsDeclared)]
    [InlineData("AsDeclared", "[assembly: JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.KebabCaseLower)]", JsonableNamingPolicy.KebabCaseLower)]
    public void Registration_ReportsTheAssemblysPolicyInForce(string? msbuildValue, string assemblyAttribute, JsonableNamingPolicy expected)
    {
        Assembly assembly = CompileAndLoad(
            $$"""
            using Jsonable;
            {{assemblyAttribute}}
            namespace Sample;
            [ToJson, FromJson]
            public partial class Person { public string? FirstName { get; set; } }

            // A type's own policy is its own choice (as a [JsonPropertyName] is); it does not change the assembly's.
            [ToJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.SnakeCaseUpper)]
            public partial class Pet { public string? PetName { get; set; } }
            """,
            msbuildValue);

        KeyValuePair<Assembly, JsonableNamingPolicy> reported = Assert.Single(JsonableCompiledOptions.GetNamingPolicies(), p => p.Key == assembly);
        Assert.Equal(expected, reported.Value);
    }

    private static Assembly CompileAndLoad(string source, string? msbuildValue)
    {
        CSharpCompilation compilation = GeneratorHarness.CreateCompilation(["#pragma warning disable CS1591\n" + source], assemblyName: "Reported" + Guid.NewGuid().ToString("N"));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new JsonableGenerator().AsSourceGenerator()],
            parseOptions: GeneratorHarness.ParseOptions,
            optionsProvider: new GlobalOptionsProvider(msbuildValue is null ? [] : new() { ["build_property.JsonableNamingPolicy"] = msbuildValue }));
        driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
        Assert.Empty(diagnostics);

        using var image = new System.IO.MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = output.Emit(image);
        Assert.True(result.Success, string.Join(Environment.NewLine, result.Diagnostics.Take(5)));
        image.Position = 0;
        Assembly assembly = System.Runtime.Loader.AssemblyLoadContext.Default.LoadFromStream(image);
        Assert.DoesNotContain(JsonableCompiledOptions.GetNamingPolicies(), p => p.Key == assembly); // nothing in it has run yet
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        return assembly;
    }

    private sealed class GlobalOptionsProvider(Dictionary<string, string> global) : AnalyzerConfigOptionsProvider
    {
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(global);

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Options([]);

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => new Options([]);

        private sealed class Options(Dictionary<string, string> values) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
        }
    }
}
