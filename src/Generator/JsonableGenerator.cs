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
        /// <summary>Models of the types marked [ToJson].</summary>
        public const string ToJsonTypes = nameof(ToJsonTypes);

        /// <summary>Models of the types marked [FromJson] only.</summary>
        public const string FromJsonOnlyTypes = nameof(FromJsonOnlyTypes);

        /// <summary>All models, one per type.</summary>
        public const string Types = nameof(Types);

        /// <summary>All models with wire names (naming policy applied).</summary>
        public const string NamedTypes = nameof(NamedTypes);
    }

    /// <inheritdoc />
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValuesProvider<TypeModel> toJson = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                Parser.ToJsonAttributeName,
                static (node, _) => node is TypeDeclarationSyntax,
                static (ctx, ct) => Parser.Parse((INamedTypeSymbol)ctx.TargetSymbol, ct))
            .WithTrackingName(TrackingNames.ToJsonTypes);

        // A type with both attributes is modelled once, from [ToJson].
        IncrementalValuesProvider<TypeModel> fromJsonOnly = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                Parser.FromJsonAttributeName,
                static (node, _) => node is TypeDeclarationSyntax,
                static (ctx, ct) => Parser.HasAttribute(ctx.TargetSymbol, Parser.ToJsonAttributeName) ? null : Parser.Parse((INamedTypeSymbol)ctx.TargetSymbol, ct))
            .Where(static m => m is not null)
            .Select(static (m, _) => m!)
            .WithTrackingName(TrackingNames.FromJsonOnlyTypes);

        // A partial type declared in several files with the attribute on each yields equal models: keep one.
        IncrementalValuesProvider<TypeModel> types = toJson.Collect()
            .Combine(fromJsonOnly.Collect())
            .SelectMany(static (pair, _) => pair.Left.Concat(pair.Right).Distinct().ToImmutableArray())
            .WithTrackingName(TrackingNames.Types);

        // The MSBuild default naming policy applies after parsing, so changing it re-runs only this step.
        IncrementalValueProvider<JsonableNamingPolicyValue> namingDefault = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => NamingPolicies.ParseMSBuildValue(
                options.GlobalOptions.TryGetValue(NamingPolicies.MSBuildProperty, out string? value) ? value : null));

        IncrementalValuesProvider<TypeModel> named = types
            .Combine(namingDefault)
            .Select(static (pair, _) => NamingPolicies.Apply(pair.Left, pair.Right))
            .WithTrackingName(TrackingNames.NamedTypes);

        context.RegisterSourceOutput(named, static (spc, model) =>
        {
            bool hasError = false;
            foreach (DiagnosticInfo diagnostic in model.Diagnostics)
            {
                spc.ReportDiagnostic(diagnostic.ToDiagnostic());
                hasError |= diagnostic.Descriptor.DefaultSeverity == DiagnosticSeverity.Error;
            }

            if (!hasError)
            {
                spc.AddSource(model.HintName, Emitter.Emit(model));
            }
        });
    }
}
