using System;
using System.Collections.Concurrent;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Jsonable.Generator;

/// <summary>
/// JSONABLE042: an app that calls <c>AddJsonable()</c>, or maps a minimal-API endpoint whose handler uses Jsonable,
/// while nothing in the compilation calls <c>UseJsonable()</c>. Without the middleware a bad body answers an
/// exception-shaped problem and routing's 415 an empty body. Only an executable is checked: a library that registers
/// Jsonable leaves the pipeline to the app. Self-contained, so that it goes away in one piece when the middleware
/// stops being needed.
/// </summary>
internal sealed class UseJsonableRule
{
    private readonly INamedTypeSymbol? _results;
    private readonly INamedTypeSymbol? _useExtensions;
    private readonly INamedTypeSymbol? _addExtensions;
    private readonly INamedTypeSymbol? _mapExtensions;
    private readonly WrapperTypes _wrappers;
    private readonly ConcurrentBag<(Location Location, string What)> _setups = [];
    private readonly ConcurrentBag<(Location Location, string What)> _endpoints = [];
    private int _usesJsonable;

    private UseJsonableRule(KnownTypeSymbols known, INamedTypeSymbol? results, WrapperTypes wrappers)
    {
        _results = results;
        _useExtensions = known.JsonableApplicationBuilderExtensions;
        _addExtensions = known.JsonableServiceCollectionExtensions;
        _mapExtensions = known.EndpointRouteBuilderExtensions;
        _wrappers = wrappers;
    }

    public static void Register(CompilationStartAnalysisContext context, KnownTypeSymbols known, INamedTypeSymbol? results, WrapperTypes wrappers)
    {
        if (results is null || context.Compilation.Options.OutputKind is not (OutputKind.ConsoleApplication or OutputKind.WindowsApplication))
        {
            return;
        }

        var rule = new UseJsonableRule(known, results, wrappers);
        if (rule._useExtensions is null)
        {
            return;
        }

        context.RegisterOperationAction(c => rule.Observe((IInvocationOperation)c.Operation), OperationKind.Invocation);
        context.RegisterCompilationEndAction(rule.Report);
    }

    private void Observe(IInvocationOperation invocation)
    {
        IMethodSymbol method = invocation.TargetMethod;
        if (KnownTypeSymbols.Is(method.ContainingType, _useExtensions) && method.Name == "UseJsonable")
        {
            Interlocked.Exchange(ref _usesJsonable, 1);
        }
        else if (KnownTypeSymbols.Is(method.ContainingType, _addExtensions) && method.Name == "AddJsonable")
        {
            _setups.Add((NameLocation(invocation), "calls AddJsonable()"));
        }
        else if (KnownTypeSymbols.Is(method.ContainingType, _mapExtensions) && method.Name.StartsWith("Map", StringComparison.Ordinal)
            && invocation.Arguments.Any(a => HandlerUsesJsonable(a.Value)))
        {
            _endpoints.Add((NameLocation(invocation), $"maps a Jsonable endpoint with {method.Name}"));
        }
    }

    private void Report(CompilationAnalysisContext context)
    {
        if (Volatile.Read(ref _usesJsonable) != 0)
        {
            return;
        }

        // The first in source order, so the warning does not move between builds with the order actions ran in.
        (Location Location, string What)[] candidates = _setups.IsEmpty ? [.. _endpoints] : [.. _setups];
        if (candidates.Length == 0)
        {
            return;
        }

        (Location location, string what) = candidates
            .OrderBy(c => c.Location.SourceTree?.FilePath, StringComparer.Ordinal)
            .ThenBy(c => c.Location.SourceSpan.Start)
            .First();
        context.ReportDiagnostic(Diagnostic.Create(DiagnosticDescriptors.UseJsonableMissing, location, what));
    }

    /// <summary>Whether a <c>Map*</c> argument is a handler that binds a Jsonable body or patch, or answers a Jsonable result.</summary>
    private bool HandlerUsesJsonable(IOperation value)
    {
        while (value is IConversionOperation conversion)
        {
            value = conversion.Operand;
        }

        if (value is not IDelegateCreationOperation { Target: var target })
        {
            return false;
        }

        IMethodSymbol? handler = target switch
        {
            IAnonymousFunctionOperation lambda => lambda.Symbol,
            IMethodReferenceOperation reference => reference.Method,
            _ => null,
        };
        if (handler is null)
        {
            return false;
        }

        if (_wrappers.Mentions(handler.ReturnType) || handler.Parameters.Any(p => _wrappers.Mentions(p.Type)))
        {
            return true;
        }

        // A handler typed IResult that answers JsonableResults.Ok(...) on one branch.
        return target is IAnonymousFunctionOperation function
            && function.Body.Descendants().Any(o => o is IInvocationOperation call && KnownTypeSymbols.Is(call.TargetMethod.ContainingType, _results));
    }

    private static Location NameLocation(IInvocationOperation invocation) =>
        invocation.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name: var name } }
            ? name.GetLocation()
            : invocation.Syntax.GetLocation();
}
