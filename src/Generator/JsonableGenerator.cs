using System.Collections.Immutable;
using System.Linq;
using Jsonable.Generator.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Jsonable.Generator;

/// <summary>
/// Generates JSON and JMC1 readers and writers for <c>partial</c> types marked <c>[ToJson]</c> and/or <c>[FromJson]</c>.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class JsonableGenerator : IIncrementalGenerator
{
    /// <summary>Names of the pipeline steps, for tests that check incremental caching.</summary>
    public static class TrackingNames
    {
        /// <summary>Parsed types marked [ToJson]: source model and diagnostics.</summary>
        public const string ToJsonTypes = nameof(ToJsonTypes);

        /// <summary>Parsed types marked [FromJson] only: source model and diagnostics.</summary>
        public const string FromJsonOnlyTypes = nameof(FromJsonOnlyTypes);

        /// <summary>All parsed types, one per type.</summary>
        public const string Types = nameof(Types);

        /// <summary>The source models alone (no locations), one per type.</summary>
        public const string Models = nameof(Models);

        /// <summary>The source models with wire names (naming policy applied): what the source output emits.</summary>
        public const string NamedTypes = nameof(NamedTypes);

        /// <summary>The diagnostics of each type (with locations): what the diagnostic output reports.</summary>
        public const string Diagnostics = nameof(Diagnostics);

        /// <summary>The names of the types the assembly registers, all together: what its one registration file lists.</summary>
        public const string Registrations = nameof(Registrations);
    }

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        // The types the parser recognises, resolved once per compilation and shared by every type parsed in it.
        IncrementalValueProvider<KnownTypeSymbols> knownTypes = context.CompilationProvider
            .Select(static (compilation, _) => new KnownTypeSymbols(compilation));

        IncrementalValuesProvider<ParsedType> toJson = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                Parser.ToJsonAttributeName,
                static (node, _) => node is TypeDeclarationSyntax,
                static (ctx, _) => (INamedTypeSymbol)ctx.TargetSymbol)
            .Combine(knownTypes)
            .Select(static (pair, ct) => Parser.Parse(pair.Left, pair.Right, ct))
            .WithTrackingName(TrackingNames.ToJsonTypes);

        // A type with both attributes is modelled once, from [ToJson].
        IncrementalValuesProvider<ParsedType> fromJsonOnly = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                Parser.FromJsonAttributeName,
                static (node, _) => node is TypeDeclarationSyntax,
                static (ctx, _) => (INamedTypeSymbol)ctx.TargetSymbol)
            .Combine(knownTypes)
            .Where(static pair => !Parser.HasAttribute(pair.Left, pair.Right.ToJsonAttribute))
            .Select(static (pair, ct) => Parser.Parse(pair.Left, pair.Right, ct))
            .WithTrackingName(TrackingNames.FromJsonOnlyTypes);

        // A partial type declared in several files with the attribute on each parses equal: keep one (and one copy of its diagnostics).
        IncrementalValuesProvider<ParsedType> types = toJson.Collect()
            .Combine(fromJsonOnly.Collect())
            .SelectMany(static (pair, _) => pair.Left.Concat(pair.Right).Distinct().ToImmutableArray())
            .WithTrackingName(TrackingNames.Types);

        // The MSBuild default naming policy applies after parsing, so changing it re-runs only the steps below.
        IncrementalValueProvider<JsonableNamingPolicyValue> namingDefault = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => NamingPolicies.ParseMSBuildValue(
                options.GlobalOptions.TryGetValue(NamingPolicies.MSBuildProperty, out string? value) ? value : null));

        // Source: from the model alone. An edit that only moves a type changes its diagnostics' locations, not its
        // model, so this step reports Unchanged and the source output below stays cached (as in STJ's generator).
        IncrementalValuesProvider<TypeModel> models = types
            .Select(static (parsed, _) => parsed.Model)
            .WithTrackingName(TrackingNames.Models);

        IncrementalValuesProvider<TypeModel> named = models
            .Combine(namingDefault)
            .Select(static (pair, _) => NamingPolicies.Apply(pair.Left, pair.Right))
            .WithTrackingName(TrackingNames.NamedTypes);

        // netstandard2.0 / C# 9 (Unity) or net10.0 with C# 11+: decided once per compilation (Emitter.NetStandard.cs).
        IncrementalValueProvider<EmitShape> shape = context.CompilationProvider
            .Select(static (compilation, _) => EmitShape.For(compilation));

        context.RegisterSourceOutput(named.Combine(shape), static (spc, pair) =>
        {
            if (pair.Left.CanEmit)
            {
                spc.AddSource(pair.Left.HintName, Emitter.Emit(pair.Left, pair.Right));
            }
        });

        // [assembly: JsonableType(typeof(Page<Product>))]: the closed generic types to register, checked where named.
        IncrementalValueProvider<ImmutableArray<(EquatableArray<ClosedGenericModel> Types, EquatableArray<DiagnosticInfo> Diagnostics)>> closedGenerics = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                JsonableTypeParser.AttributeName,
                static (node, _) => node is CompilationUnitSyntax,
                static (ctx, _) => JsonableTypeParser.Parse(ctx.Attributes, ctx.SemanticModel.Compilation))
            .Collect();

        // One registration per assembly. It depends only on which types are registered, so an edit to a type's
        // members leaves it cached. A generic definition is registered as the closed types [JsonableType] names.
        IncrementalValueProvider<EquatableArray<string>> registrations = named
            .Where(static model => model.CanEmit && model.CanRegister && !model.IsGenericDefinition)
            .Select(static (model, _) => model.FullyQualifiedName)
            .Collect()
            .Select(static (names, _) => names.Distinct().OrderBy(name => name, System.StringComparer.Ordinal).ToEquatableArray())
            .WithTrackingName(TrackingNames.Registrations);

        // The naming policy in force for the assembly's types without their own [JsonableGenerationOptions]: the registration
        // reports it, so that the app's JsonOptions can be compared with it at startup.
        IncrementalValueProvider<JsonableNamingPolicyValue> assemblyNaming = context.CompilationProvider
            .Select(static (compilation, _) => DeclaredAssemblyNamingPolicy(compilation))
            .Combine(namingDefault)
            .Select(static (pair, _) => NamingPolicies.Resolve(pair.Left, pair.Right));

        IncrementalValueProvider<EquatableArray<string>> emittedGenericDefinitions = named
            .Where(static model => model.CanEmit && model.CanRegister && model.IsGenericDefinition)
            .Select(static (model, _) => model.FullyQualifiedName)
            .Collect()
            .Select(static (names, _) => names.Distinct().OrderBy(name => name, System.StringComparer.Ordinal).ToEquatableArray());

        IncrementalValueProvider<EquatableArray<ClosedGenericModel>> closedToRegister = closedGenerics
            .Combine(emittedGenericDefinitions)
            .Select(static (pair, _) => pair.Left
                .SelectMany(unit => unit.Types)
                .Where(closed => !closed.DefinedHere || pair.Right.IndexOf(closed.DefinitionName) >= 0) // a definition with errors has its own diagnostic
                .Distinct()
                .OrderBy(closed => closed.FullyQualifiedName, System.StringComparer.Ordinal)
                .ToEquatableArray());

        context.RegisterSourceOutput(registrations.Combine(closedToRegister).Combine(assemblyNaming).Combine(shape), static (spc, pair) =>
        {
            (((EquatableArray<string> types, EquatableArray<ClosedGenericModel> closed), JsonableNamingPolicyValue naming), EmitShape emitShape) = pair;
            if (types.Count > 0 || closed.Count > 0)
            {
                spc.AddSource(Emitter.AssemblyRegistrationHintName, Emitter.EmitAssemblyRegistration(types, naming, closed, emitShape));
            }
        });

        context.RegisterSourceOutput(closedGenerics, static (spc, units) =>
        {
            foreach (DiagnosticInfo diagnostic in units.SelectMany(unit => unit.Diagnostics))
            {
                spc.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        });

        // Diagnostics: their own output, so reporting them at moved locations does not regenerate any source.
        IncrementalValuesProvider<EquatableArray<DiagnosticInfo>> diagnostics = types
            .Combine(namingDefault)
            .Select(static (pair, _) => DiagnosticsOf(pair.Left, pair.Right))
            .WithTrackingName(TrackingNames.Diagnostics);

        context.RegisterSourceOutput(diagnostics, static (spc, infos) =>
        {
            foreach (DiagnosticInfo diagnostic in infos)
            {
                spc.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        });

        // A refused enum name is reported at the enum member, which several types may use: once for all of them.
        IncrementalValueProvider<EquatableArray<DiagnosticInfo>> enumNames = types
            .Select(static (parsed, _) => parsed.Diagnostics.Where(IsEnumNameDiagnostic).ToEquatableArray())
            .Collect()
            .Select(static (all, _) => all.SelectMany(infos => infos).Distinct().ToEquatableArray());

        context.RegisterSourceOutput(enumNames, static (spc, infos) =>
        {
            foreach (DiagnosticInfo diagnostic in infos)
            {
                spc.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        });
    }

    /// <summary>The naming policy of <c>[assembly: JsonableGenerationOptions]</c>, or <see cref="JsonableNamingPolicyValue.Default"/>.</summary>
    private static JsonableNamingPolicyValue DeclaredAssemblyNamingPolicy(Compilation compilation)
    {
        INamedTypeSymbol? attributeType = compilation.GetTypeByMetadataName("Jsonable.JsonableGenerationOptionsAttribute");
        return compilation.Assembly.GetAttributes()
            .Where(a => attributeType is not null && SymbolEqualityComparer.Default.Equals(a.AttributeClass, attributeType))
            .SelectMany(a => a.NamedArguments)
            .Where(a => a.Key == "NamingPolicy" && a.Value.Value is int)
            .Select(a => (JsonableNamingPolicyValue)(int)a.Value.Value!)
            .FirstOrDefault();
    }

    private static bool IsEnumNameDiagnostic(DiagnosticInfo diagnostic) => diagnostic.Descriptor == DiagnosticDescriptors.RefusedEnumMemberName;

    /// <summary>A type's diagnostics (but the enum names, reported once for all types), with the name conflicts of the naming policy that ends up in force.</summary>
    private static EquatableArray<DiagnosticInfo> DiagnosticsOf(ParsedType parsed, JsonableNamingPolicyValue msbuildDefault)
    {
        JsonableNamingPolicyValue policy = NamingPolicies.Resolve(parsed.Model.NamingPolicy, msbuildDefault);
        return parsed.Diagnostics
            .Where(d => !IsEnumNameDiagnostic(d))
            .Concat(parsed.NamingConflicts.Where(c => c.Policy == policy).Select(c => c.Diagnostic))
            .ToEquatableArray();
    }
}
