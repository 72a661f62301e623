using System;
using System.Collections.Generic;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator.Tests.Infrastructure;

/// <summary>
/// Walks an object graph through its fields and reports every Roslyn object that must never live in a cached
/// pipeline model (symbols, compilations, syntax, semantic models, source locations): they pin whole compilations
/// in memory and defeat incremental caching, because they are never equal across runs.
/// </summary>
internal static class RoslynObjectFinder
{
    public static List<string> Find(object? root, string rootName)
    {
        var found = new List<string>();
        var seen = new HashSet<object>(ReferenceEqualityComparer.Instance);
        Visit(root, rootName, found, seen);
        return found;
    }

    private static void Visit(object? value, string path, List<string> found, HashSet<object> seen)
    {
        if (value is null)
        {
            return;
        }

        Type type = value.GetType();
        if (value is ISymbol or Compilation or SyntaxNode or SyntaxTree or SemanticModel or AttributeData
            || (value is Location location && location.IsInSource)
            || value is SyntaxToken or SyntaxTrivia or SyntaxReference)
        {
            found.Add($"{path}: {type.FullName}");
            return;
        }

        if (type.IsPrimitive || type.IsEnum || type.IsPointer || value is string or Type or Delegate or MemberInfo or Assembly)
        {
            return;
        }

        if (!type.IsValueType && !seen.Add(value))
        {
            return;
        }

        if (value is Array array)
        {
            int i = 0;
            foreach (object? item in array)
            {
                Visit(item, $"{path}[{i++}]", found, seen);
            }

            return;
        }

        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                if (field.FieldType.IsByRefLike)
                {
                    continue;
                }

                Visit(field.GetValue(value), $"{path}.{field.Name}", found, seen);
            }
        }
    }
}
