using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Jsonable.Generator;

/// <summary>
/// Warns at the call site about what would otherwise fail at run time: a type without generated code handed to
/// <c>JsonableResults</c>, <c>JsonableSerializer</c>, <c>JsonableBody&lt;T&gt;</c>, <c>JsonablePatch&lt;T&gt;</c> or
/// <c>JsonableResult&lt;T&gt;</c>, or the client package's <c>HttpClient</c> extensions and <c>JsonableContent</c> (JSONABLE040), a closed generic type no <c>[JsonableType]</c> names (JSONABLE041), and
/// an app that sets Jsonable up but never adds its middleware (JSONABLE042, see <see cref="UseJsonableRule"/>).
/// Every API is matched by symbol; a compilation that references neither Jsonable.AspNetCore nor the runtime's
/// serializer registers nothing.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class CallSiteAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc />
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        DiagnosticDescriptors.NotJsonableAtCallSite,
        DiagnosticDescriptors.ClosedGenericNotNamedAtCallSite,
        DiagnosticDescriptors.UseJsonableMissing);

    /// <inheritdoc />
    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationStartAction(Start);
    }

    private static void Start(CompilationStartAnalysisContext context)
    {
        var known = new KnownTypeSymbols(context.Compilation);

        // Every symbol is resolved here, on one thread, before any action reads it.
        INamedTypeSymbol? results = known.JsonableResults;
        INamedTypeSymbol? serializer = known.JsonableSerializer;
        if (results is null && serializer is null)
        {
            return;
        }

        var check = new CallSiteTypeCheck(known, context.Compilation);
        var wrappers = new WrapperTypes(known);
        var client = new ClientTypes(known);
        context.RegisterOperationAction(c => AnalyzeInvocation(c, (IInvocationOperation)c.Operation, results, serializer, client, check), OperationKind.Invocation);
        if (!wrappers.IsEmpty)
        {
            context.RegisterSyntaxNodeAction(c => AnalyzeGenericName(c, wrappers, check), SyntaxKind.GenericName);
        }

        UseJsonableRule.Register(context, known, results, wrappers);
    }

    /// <summary><c>JsonableResults.Ok(value)</c>, <c>JsonableSerializer.Deserialize&lt;T&gt;(...)</c>: the type argument of the call.</summary>
    private static void AnalyzeInvocation(OperationAnalysisContext context, IInvocationOperation invocation, INamedTypeSymbol? results, INamedTypeSymbol? serializer, ClientTypes client, CallSiteTypeCheck check)
    {
        IMethodSymbol method = invocation.TargetMethod;
        if (!method.IsGenericMethod || method.TypeArguments.Length != 1)
        {
            return;
        }

        JsonableUse use;
        if (KnownTypeSymbols.Is(method.ContainingType, results))
        {
            use = JsonableUse.Write;
        }
        else if (KnownTypeSymbols.Is(method.ContainingType, serializer) && method.Name.StartsWith("Serialize", StringComparison.Ordinal))
        {
            use = JsonableUse.Write;
        }
        else if (KnownTypeSymbols.Is(method.ContainingType, serializer) && method.Name.StartsWith("Deserialize", StringComparison.Ordinal))
        {
            use = JsonableUse.Read;
        }
        else if (client.UseOf(method) is { } clientUse)
        {
            use = clientUse;
        }
        else
        {
            // The serializer's other generic methods (ReadDocument, WriteDocument, ...) are what generated code calls.
            return;
        }

        ITypeSymbol type = method.TypeArguments[0];
        CallSiteVerdict verdict = check.Check(type, use);
        if (verdict.Descriptor is null)
        {
            return;
        }

        string call = method.ContainingType.Name + "." + method.Name;
        context.ReportDiagnostic(Diagnostic.Create(verdict.Descriptor, LocationOf(invocation, method), MessageArguments(verdict, type, call)));
    }

    /// <summary>
    /// <c>JsonableBody&lt;PlainDto&gt;</c> as a handler's parameter, <c>JsonableResult&lt;PlainDto&gt;</c> in a return
    /// type: wherever the wrapper type is spelled, at its type argument.
    /// </summary>
    private static void AnalyzeGenericName(SyntaxNodeAnalysisContext context, WrapperTypes wrappers, CallSiteTypeCheck check)
    {
        var name = (GenericNameSyntax)context.Node;

        // By name first, to bind only the few generic names that can be one of the wrappers (an alias escapes this rule).
        if (!WrapperTypes.IsWrapperName(name.Identifier.ValueText) || name.TypeArgumentList.Arguments.Count != 1)
        {
            return;
        }

        if (context.SemanticModel.GetSymbolInfo(name, context.CancellationToken).Symbol is not INamedTypeSymbol { TypeArguments.Length: 1 } type
            || wrappers.UseOf(type.OriginalDefinition) is not { } use)
        {
            return;
        }

        ITypeSymbol argument = type.TypeArguments[0];
        CallSiteVerdict verdict = check.Check(argument, use);
        if (verdict.Descriptor is not null)
        {
            string wrapper = type.Name + "<T>";
            context.ReportDiagnostic(Diagnostic.Create(verdict.Descriptor, name.TypeArgumentList.Arguments[0].GetLocation(), MessageArguments(verdict, argument, wrapper)));
        }
    }

    private static object[] MessageArguments(CallSiteVerdict verdict, ITypeSymbol type, string call) =>
        verdict.Descriptor == DiagnosticDescriptors.NotJsonableAtCallSite
            ? [CallSiteTypeCheck.Display(type), call, verdict.Fix]
            : [verdict.Fix, call];

    /// <summary>
    /// Where the type shows: the type argument when it is written (<c>Deserialize&lt;PlainDto&gt;</c>), else the argument
    /// of that type (<c>Ok(new PlainDto())</c>), else the method's name.
    /// </summary>
    private static Location LocationOf(IInvocationOperation invocation, IMethodSymbol method)
    {
        if (invocation.Syntax is InvocationExpressionSyntax syntax)
        {
            SimpleNameSyntax? name = syntax.Expression switch
            {
                MemberAccessExpressionSyntax access => access.Name,
                SimpleNameSyntax simple => simple,
                _ => null,
            };
            if (name is GenericNameSyntax { TypeArgumentList.Arguments: { Count: 1 } typeArguments })
            {
                return typeArguments[0].GetLocation();
            }

            ITypeParameterSymbol typeParameter = method.OriginalDefinition.TypeParameters[0];
            foreach (IArgumentOperation argument in invocation.Arguments)
            {
                if (!argument.IsImplicit && argument.Parameter is { } parameter
                    && SymbolEqualityComparer.Default.Equals(parameter.OriginalDefinition.Type, typeParameter))
                {
                    return argument.Syntax is ArgumentSyntax { Expression: var expression } ? expression.GetLocation() : argument.Syntax.GetLocation();
                }
            }

            if (name is not null)
            {
                return name.GetLocation();
            }
        }

        return invocation.Syntax.GetLocation();
    }

    /// <summary>
    /// The client package's (Jsonable.Http) generic entry points: <c>GetFromJsonableAsync&lt;T&gt;</c> and the other readers read
    /// the type, <c>PostAsJsonableAsync&lt;T&gt;</c>, <c>PatchAsJsonableAsync&lt;T&gt;</c> and <c>JsonableContent.Create&lt;T&gt;</c> write it.
    /// </summary>
    private sealed class ClientTypes(KnownTypeSymbols known)
    {
        private readonly INamedTypeSymbol? _client = known.HttpClientJsonableExtensions;
        private readonly INamedTypeSymbol? _content = known.HttpContentJsonableExtensions;
        private readonly INamedTypeSymbol? _response = known.HttpResponseMessageJsonableExtensions;
        private readonly INamedTypeSymbol? _jsonableContent = known.JsonableContent;

        public JsonableUse? UseOf(IMethodSymbol method)
        {
            INamedTypeSymbol type = method.ContainingType;
            if (!KnownTypeSymbols.Is(type, _client) && !KnownTypeSymbols.Is(type, _content) && !KnownTypeSymbols.Is(type, _response) && !KnownTypeSymbols.Is(type, _jsonableContent))
            {
                return null;
            }

            return method.Name.StartsWith("Get", StringComparison.Ordinal) || method.Name.StartsWith("Read", StringComparison.Ordinal)
                ? JsonableUse.Read
                : JsonableUse.Write;
        }
    }
}
