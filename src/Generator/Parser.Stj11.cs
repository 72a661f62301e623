using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Jsonable.Generator.Model;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// System.Text.Json 11's attributes (an app on net10.0 may reference the System.Text.Json 11 package): recognised by
/// metadata name, so this works whether or not the compilation has them, and reported where Jsonable does not do what
/// System.Text.Json does, rather than ignored.
/// </summary>
internal sealed partial class Parser
{
    private void ReportStj11Attributes(INamedTypeSymbol type, List<DiagnosticInfo> diagnostics)
    {
        Location? location = type.Locations.FirstOrDefault();
        if (FindAttribute(type, _known.JsonNamingPolicyAttribute) is not null)
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.NamingPolicyAttributeNotSupported, location, type.Name, "its members"));
        }

        if (FindAttribute(type, _known.JsonIgnoreAttribute) is not null)
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.TypeLevelIgnoreNotSupported, location, type.Name));
        }

        if (FindAttribute(type, _known.JsonUnionAttribute) is not null)
        {
            diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.UnionNotSupported, location, type.Name));
        }

        // [JsonPolymorphic]'s two new settings let System.Text.Json pick derived types [JsonDerivedType] does not list.
        foreach (KeyValuePair<string, TypedConstant> argument in FindAttribute(type, _known.JsonPolymorphicAttribute)?.NamedArguments ?? ImmutableArray<KeyValuePair<string, TypedConstant>>.Empty)
        {
            if ((argument.Key == "InferClosedTypePolymorphism" && argument.Value.Value is true)
                || (argument.Key == "TypeClassifier" && argument.Value.Value is not null))
            {
                diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.PolymorphicClassificationNotSupported, location, type.Name, argument.Key));
            }
        }

        if (_known.JsonNamingPolicyAttribute is null)
        {
            return;
        }

        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            foreach (ISymbol member in t.GetMembers().Where(m => m is IPropertySymbol or IFieldSymbol && !m.IsStatic && !m.IsImplicitlyDeclared))
            {
                if (FindAttribute(member, _known.JsonNamingPolicyAttribute) is not null)
                {
                    diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.NamingPolicyAttributeNotSupported, member.Locations.FirstOrDefault() ?? location, member.Name, "it"));
                }
            }
        }
    }
}
