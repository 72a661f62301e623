using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// Reads <c>[assembly: JsonableType(typeof(...))]</c>: each must name a closed generic type whose definition is marked
/// <c>[ToJson]</c>/<c>[FromJson]</c>, and each type argument must be something the registry can write and read for a
/// member of type <c>T</c> (what <c>JsonableTypeArgument</c> finds at run time); anything else is an error at the attribute.
/// </summary>
internal static class JsonableTypeParser
{
    public const string AttributeName = "Jsonable.JsonableTypeAttribute";

    /// <summary>Parses the <c>[JsonableType]</c> attributes of one compilation unit.</summary>
    public static (EquatableArray<ClosedGenericModel> Types, EquatableArray<DiagnosticInfo> Diagnostics) Parse(
        IEnumerable<AttributeData> attributes, Compilation compilation)
    {
        var context = new Context(new KnownTypeSymbols(compilation), compilation.Assembly);
        foreach (AttributeData attribute in attributes)
        {
            Location? location = attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation();
            if (attribute.ConstructorArguments.FirstOrDefault().Value is not ITypeSymbol named)
            {
                continue; // typeof of something that does not bind: the compiler reports it
            }

            if (WhyNotClosedGeneric(named, context) is { } why)
            {
                context.Diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.JsonableTypeNotClosedGeneric, location, named.ToDisplayString(), why));
                continue;
            }

            context.AddClosedGeneric((INamedTypeSymbol)named, location);
        }

        return (context.Types.Distinct().ToEquatableArray(), context.Diagnostics.ToEquatableArray());
    }

    private static string? WhyNotClosedGeneric(ITypeSymbol type, Context context)
    {
        if (type is not INamedTypeSymbol named)
        {
            return "only a closed generic type whose definition is marked [ToJson]/[FromJson] is named here; arrays of generated types need no attribute";
        }

        if (named.IsUnboundGenericType)
        {
            return $"an open generic type cannot be registered: name its type arguments, e.g. typeof({named.Name}<Product>)";
        }

        if (!named.IsGenericType)
        {
            return context.IsGenerated(named)
                ? $"'{named.Name}' is not generic: the generator registers it without [JsonableType]; remove the attribute"
                : $"'{named.Name}' is not generic; mark a generic type [ToJson]/[FromJson] and name its closed types here";
        }

        if (!context.IsGenerated(named.OriginalDefinition))
        {
            return context.IsSequence(named) || context.IsDictionary(named)
                ? "root collections and dictionaries of generated types are found without [JsonableType]; name the closed generic element type instead if it is one"
                : $"its definition '{named.OriginalDefinition.ToDisplayString()}' is not marked [ToJson]/[FromJson]; mark it (and partial)";
        }

        return null;
    }

    /// <summary>
    /// Why a closed generic member type (<c>Page&lt;Customer&gt;</c> as a member of a generated type) cannot be
    /// serialized, or null: the same check as for <c>[JsonableType]</c>, made at the member.
    /// </summary>
    public static string? WhyNotTypeArguments(INamedTypeSymbol closed, KnownTypeSymbols known, IAssemblySymbol assembly, bool forWrite, bool forRead)
    {
        var context = new Context(known, assembly);
        foreach (ITypeSymbol argument in closed.TypeArguments)
        {
            if (argument is ITypeParameterSymbol)
            {
                continue; // Page<T> inside another generic type: checked where that type is closed
            }

            if (context.WhyNotTypeArgument(argument, forWrite && context.IsWritable(closed), forRead && context.IsReadable(closed), null) is { } why)
            {
                return $"its type argument '{argument.ToDisplayString()}' cannot be serialized: {why}";
            }
        }

        // A closed generic among the arguments (Page<Page<Customer>>) was checked too; its first problem is this one's.
        return context.Diagnostics.FirstOrDefault() is { MessageArgs: var args }
            ? $"its type argument '{args[0]}' of '{args[1]}' cannot be serialized: {args[2]}"
            : null;
    }

    /// <summary>One check of <c>[JsonableType]</c> attributes or of one member type: types are recognised through <see cref="KnownTypeSymbols"/>.</summary>
    private sealed class Context(KnownTypeSymbols known, IAssemblySymbol assembly)
    {

        public List<ClosedGenericModel> Types { get; } = [];

        public List<DiagnosticInfo> Diagnostics { get; } = [];

        public bool IsWritable(INamedTypeSymbol type) => Parser.HasAttribute(type.OriginalDefinition, known.ToJsonAttribute);

        public bool IsReadable(INamedTypeSymbol type) => Parser.HasAttribute(type.OriginalDefinition, known.FromJsonAttribute);

        public bool IsGenerated(INamedTypeSymbol type) => IsWritable(type) || IsReadable(type);

        public bool IsSequence(INamedTypeSymbol type) =>
            type.IsGenericType && KnownTypeSymbols.IsAny(type.OriginalDefinition, known.RootSequenceDefinitions);

        public bool IsDictionary(INamedTypeSymbol type) =>
            type.IsGenericType && KnownTypeSymbols.IsAny(type.OriginalDefinition, known.RootDictionaryDefinitions);

        /// <summary>Registers a closed generic of a generated definition after checking its type arguments (and registers the closed generics among them).</summary>
        public void AddClosedGeneric(INamedTypeSymbol type, Location? location)
        {
            bool writable = IsWritable(type);
            bool readable = IsReadable(type);
            string name = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
            if (Types.Any(t => t.FullyQualifiedName == name))
            {
                return;
            }

            bool ok = true;
            foreach (ITypeSymbol argument in type.TypeArguments)
            {
                if (WhyNotTypeArgument(argument, writable, readable, location) is { } why)
                {
                    Diagnostics.Add(DiagnosticInfo.Create(DiagnosticDescriptors.UnsupportedTypeArgument, location, argument.ToDisplayString(), type.ToDisplayString(), why));
                    ok = false;
                }
            }

            if (ok)
            {
                Types.Add(new ClosedGenericModel(
                    name,
                    type.OriginalDefinition.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
                    SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, assembly),
                    writable,
                    readable));
            }
        }

        /// <summary>Why a type argument cannot be written or read where the definition is <c>[ToJson]</c>/<c>[FromJson]</c>, or null.</summary>
        public string? WhyNotTypeArgument(ITypeSymbol argument, bool write, bool read, Location? location)
        {
            if (KnownTypeSymbols.IsAny(argument, known.BuiltInTypeArguments))
            {
                return null;
            }

            ITypeSymbol element = argument;
            if (argument is IArrayTypeSymbol { Rank: 1 } array)
            {
                element = array.ElementType;
            }
            else if (argument is INamedTypeSymbol sequence && IsSequence(sequence))
            {
                element = sequence.TypeArguments[0];
            }
            else if (argument is INamedTypeSymbol dictionary && IsDictionary(dictionary))
            {
                ITypeSymbol key = dictionary.TypeArguments[0];
                if (!KnownTypeSymbols.IsAny(key, known.RootDictionaryKeys))
                {
                    return "a dictionary type argument needs a string, int, long or Guid key";
                }

                element = dictionary.TypeArguments[1];
            }

            if (element is not INamedTypeSymbol named || !IsGenerated(named))
            {
                return ReferenceEquals(element, argument)
                    ? "it is neither a [ToJson]/[FromJson] type, an array, list or dictionary of one, nor a supported built-in value (string, bool, an integer type, float, double, decimal, Guid, DateTime, DateTimeOffset, DateOnly, TimeSpan, Uri)"
                    : $"its element '{element.ToDisplayString()}' is not a [ToJson]/[FromJson] type (collections of built-in values are not supported as type arguments)";
            }

            if (write && !IsWritable(named))
            {
                return $"'{named.Name}' is not marked [ToJson], and the generic type is written";
            }

            if (read && !IsReadable(named))
            {
                return $"'{named.Name}' is not marked [FromJson], and the generic type is read";
            }

            if (named.IsGenericType)
            {
                // Page<Page<Product>>: the inner closed type is registered too, so that the registry finds it.
                AddClosedGeneric(named, location);
            }

            return null;
        }
    }
}
