using System.Linq;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Model;

/// <summary>A diagnostic to report, held as values so that it can live in a cached model.</summary>
internal sealed record DiagnosticInfo(DiagnosticDescriptor Descriptor, LocationInfo? Location, EquatableArray<string> MessageArgs)
{
    public static DiagnosticInfo Create(DiagnosticDescriptor descriptor, Location? location, params string[] args) =>
        new(descriptor, LocationInfo.From(location), args.ToEquatableArray());

    public Diagnostic ToDiagnostic() =>
        Diagnostic.Create(Descriptor, Location?.ToLocation(), MessageArgs.Cast<object>().ToArray());
}
