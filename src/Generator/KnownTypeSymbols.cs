using System;
using System.Collections.Immutable;
using Jsonable.Internal;
using Microsoft.CodeAnalysis;

namespace Jsonable.Generator;

/// <summary>
/// The types the parser recognises, resolved from one compilation (as System.Text.Json's generator does) and compared
/// with <see cref="SymbolEqualityComparer"/>: a type is recognised by what it is, not by how it prints. Each symbol is
/// looked up on first use and remembered, so a compilation without Jsonable types pays for none of them. A type the
/// compilation cannot see (System.Text.Json not referenced, an older framework without <c>DateOnly</c>) is
/// <see langword="null"/> and matches nothing.
/// </summary>
internal sealed class KnownTypeSymbols
{
    private readonly Compilation _compilation;

    private Slot _toJsonAttribute;
    private Slot _fromJsonAttribute;
    private Slot _jsonableOptionsAttribute;
    private Slot _jsonIncludeAttribute;
    private Slot _jsonIgnoreAttribute;
    private Slot _jsonNamingPolicyAttribute;
    private Slot _jsonUnionAttribute;
    private Slot _jsonIgnoreCondition;
    private Slot _jsonPropertyNameAttribute;
    private Slot _jsonPropertyOrderAttribute;
    private Slot _jsonRequiredAttribute;
    private Slot _editableAttribute;
    private Slot _keyAttribute;
    private Slot _jsonConstructorAttribute;
    private Slot _jsonConverterAttribute;
    private Slot _jsonStringEnumConverter;
    private Slot _jsonStringEnumConverterOfT;
    private Slot _jsonStringEnumMemberNameAttribute;
    private Slot _setsRequiredMembersAttribute;
    private Slot _flagsAttribute;
    private Slot _dateTimeOffset;
    private Slot _dateOnly;
    private Slot _timeOnly;
    private Slot _timeSpan;
    private Slot _guid;
    private Slot _uri;
    private Slot _list;
    private Slot _hashSet;
    private Slot _dictionary;
    private Slot _dictionaryInterface;
    private Slot _readOnlyDictionaryInterface;
    private Slot _jsonPolymorphicAttribute;
    private Slot _jsonDerivedTypeAttribute;
    private Slot _jsonUnknownDerivedTypeHandling;

    // Member- and type-level STJ attributes that are honoured or diagnosed (JSONABLE010-019).
    private Slot _jsonNumberHandlingAttribute;
    private Slot _jsonElement;
    private Slot _jsonExtensionDataAttribute;
    private Slot _jsonObjectCreationHandlingAttribute;
    private Slot _jsonObjectCreationHandling;
    private Slot _jsonUnmappedMemberHandlingAttribute;
    private Slot _jsonUnmappedMemberHandling;
    private Slot _jsonSerializableAttribute;
    private Slot _jsonSourceGenerationOptionsAttribute;

    // The call sites the analyzer checks (CallSiteAnalyzer, JSONABLE040-049): Jsonable.AspNetCore's and the runtime's entry points.
    private Slot _jsonableTypeAttribute;
    private Slot _jsonableSerializer;
    private Slot _jsonableResults;
    private Slot _httpClientJsonableExtensions;
    private Slot _httpContentJsonableExtensions;
    private Slot _httpResponseMessageJsonableExtensions;
    private Slot _jsonableContent;
    private Slot _jsonableResultOfT;
    private Slot _jsonableCreatedResultOfT;
    private Slot _jsonableMembersResultOfT;
    private Slot _jsonableBodyOfT;
    private Slot _jsonableBodyBinding;
    private Slot _endpointParameterMetadataProvider;
    private Slot _jsonablePatchOfT;
    private Slot _jsonableServiceCollectionExtensions;
    private Slot _jsonableApplicationBuilderExtensions;
    private Slot _endpointRouteBuilderExtensions;
    private Slot _asyncEnumerableOfT;

    // The lists shared with the runtime (JsonableTypeLists.cs), resolved on first use.
    private ImmutableArray<INamedTypeSymbol> _builtInTypeArguments;
    private ImmutableArray<INamedTypeSymbol> _rootSequenceDefinitions;
    private ImmutableArray<INamedTypeSymbol> _rootDictionaryDefinitions;
    private ImmutableArray<INamedTypeSymbol> _rootDictionaryKeys;

    public KnownTypeSymbols(Compilation compilation) => _compilation = compilation;

    /// <summary>The built-in values a generated generic type accepts as a type argument (<see cref="JsonableTypeLists.BuiltInTypeArguments"/>).</summary>
    public ImmutableArray<INamedTypeSymbol> BuiltInTypeArguments => GetAll(ref _builtInTypeArguments, JsonableTypeLists.BuiltInTypeArguments);

    /// <summary>The collection definitions found without <c>[JsonableType]</c> (<see cref="JsonableTypeLists.RootSequenceDefinitions"/>).</summary>
    public ImmutableArray<INamedTypeSymbol> RootSequenceDefinitions => GetAll(ref _rootSequenceDefinitions, JsonableTypeLists.RootSequenceDefinitions);

    /// <summary>The dictionary definitions found without <c>[JsonableType]</c> (<see cref="JsonableTypeLists.RootDictionaryDefinitions"/>).</summary>
    public ImmutableArray<INamedTypeSymbol> RootDictionaryDefinitions => GetAll(ref _rootDictionaryDefinitions, JsonableTypeLists.RootDictionaryDefinitions);

    /// <summary>The key types of those dictionaries (<see cref="JsonableTypeLists.RootDictionaryKeys"/>).</summary>
    public ImmutableArray<INamedTypeSymbol> RootDictionaryKeys => GetAll(ref _rootDictionaryKeys, JsonableTypeLists.RootDictionaryKeys);

    public INamedTypeSymbol? ToJsonAttribute => Get(ref _toJsonAttribute, Parser.ToJsonAttributeName);

    public INamedTypeSymbol? FromJsonAttribute => Get(ref _fromJsonAttribute, Parser.FromJsonAttributeName);

    public INamedTypeSymbol? JsonableGenerationOptionsAttribute => Get(ref _jsonableOptionsAttribute, "Jsonable.JsonableGenerationOptionsAttribute");

    public INamedTypeSymbol? JsonIncludeAttribute => Get(ref _jsonIncludeAttribute, "System.Text.Json.Serialization.JsonIncludeAttribute");

    public INamedTypeSymbol? JsonIgnoreAttribute => Get(ref _jsonIgnoreAttribute, "System.Text.Json.Serialization.JsonIgnoreAttribute");

    /// <summary>System.Text.Json 11's per-type / per-member naming policy (absent when the app runs System.Text.Json 10).</summary>
    public INamedTypeSymbol? JsonNamingPolicyAttribute => Get(ref _jsonNamingPolicyAttribute, "System.Text.Json.Serialization.JsonNamingPolicyAttribute");

    /// <summary>System.Text.Json 11's union types (absent when the app runs System.Text.Json 10).</summary>
    public INamedTypeSymbol? JsonUnionAttribute => Get(ref _jsonUnionAttribute, "System.Text.Json.Serialization.JsonUnionAttribute");

    public INamedTypeSymbol? JsonIgnoreCondition => Get(ref _jsonIgnoreCondition, "System.Text.Json.Serialization.JsonIgnoreCondition");

    public INamedTypeSymbol? JsonPropertyNameAttribute => Get(ref _jsonPropertyNameAttribute, "System.Text.Json.Serialization.JsonPropertyNameAttribute");

    public INamedTypeSymbol? JsonPropertyOrderAttribute => Get(ref _jsonPropertyOrderAttribute, "System.Text.Json.Serialization.JsonPropertyOrderAttribute");

    public INamedTypeSymbol? JsonRequiredAttribute => Get(ref _jsonRequiredAttribute, "System.Text.Json.Serialization.JsonRequiredAttribute");

    public INamedTypeSymbol? EditableAttribute => Get(ref _editableAttribute, "System.ComponentModel.DataAnnotations.EditableAttribute");

    public INamedTypeSymbol? KeyAttribute => Get(ref _keyAttribute, "System.ComponentModel.DataAnnotations.KeyAttribute");

    public INamedTypeSymbol? JsonConstructorAttribute => Get(ref _jsonConstructorAttribute, "System.Text.Json.Serialization.JsonConstructorAttribute");

    public INamedTypeSymbol? JsonConverterAttribute => Get(ref _jsonConverterAttribute, "System.Text.Json.Serialization.JsonConverterAttribute");

    public INamedTypeSymbol? JsonStringEnumConverter => Get(ref _jsonStringEnumConverter, "System.Text.Json.Serialization.JsonStringEnumConverter");

    public INamedTypeSymbol? JsonStringEnumConverterOfT => Get(ref _jsonStringEnumConverterOfT, "System.Text.Json.Serialization.JsonStringEnumConverter`1");

    public INamedTypeSymbol? JsonStringEnumMemberNameAttribute => Get(ref _jsonStringEnumMemberNameAttribute, "System.Text.Json.Serialization.JsonStringEnumMemberNameAttribute");

    public INamedTypeSymbol? SetsRequiredMembersAttribute => Get(ref _setsRequiredMembersAttribute, "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");

    public INamedTypeSymbol? FlagsAttribute => Get(ref _flagsAttribute, "System.FlagsAttribute");

    public INamedTypeSymbol? DateTimeOffset => Get(ref _dateTimeOffset, "System.DateTimeOffset");

    public INamedTypeSymbol? DateOnly => Get(ref _dateOnly, "System.DateOnly");

    public INamedTypeSymbol? TimeOnly => Get(ref _timeOnly, "System.TimeOnly");

    public INamedTypeSymbol? TimeSpan => Get(ref _timeSpan, "System.TimeSpan");

    public INamedTypeSymbol? Guid => Get(ref _guid, "System.Guid");

    public INamedTypeSymbol? Uri => Get(ref _uri, "System.Uri");

    public INamedTypeSymbol? ListOfT => Get(ref _list, "System.Collections.Generic.List`1");

    public INamedTypeSymbol? HashSetOfT => Get(ref _hashSet, "System.Collections.Generic.HashSet`1");

    public INamedTypeSymbol? DictionaryOfTKeyTValue => Get(ref _dictionary, "System.Collections.Generic.Dictionary`2");

    public INamedTypeSymbol? IDictionaryOfTKeyTValue => Get(ref _dictionaryInterface, "System.Collections.Generic.IDictionary`2");

    public INamedTypeSymbol? IReadOnlyDictionaryOfTKeyTValue => Get(ref _readOnlyDictionaryInterface, "System.Collections.Generic.IReadOnlyDictionary`2");

    public INamedTypeSymbol? JsonPolymorphicAttribute => Get(ref _jsonPolymorphicAttribute, "System.Text.Json.Serialization.JsonPolymorphicAttribute");

    public INamedTypeSymbol? JsonDerivedTypeAttribute => Get(ref _jsonDerivedTypeAttribute, "System.Text.Json.Serialization.JsonDerivedTypeAttribute");

    public INamedTypeSymbol? JsonUnknownDerivedTypeHandling => Get(ref _jsonUnknownDerivedTypeHandling, "System.Text.Json.Serialization.JsonUnknownDerivedTypeHandling");

    public INamedTypeSymbol? JsonElement => Get(ref _jsonElement, "System.Text.Json.JsonElement");

    public INamedTypeSymbol? JsonNumberHandlingAttribute => Get(ref _jsonNumberHandlingAttribute, "System.Text.Json.Serialization.JsonNumberHandlingAttribute");

    public INamedTypeSymbol? JsonExtensionDataAttribute => Get(ref _jsonExtensionDataAttribute, "System.Text.Json.Serialization.JsonExtensionDataAttribute");

    public INamedTypeSymbol? JsonObjectCreationHandlingAttribute => Get(ref _jsonObjectCreationHandlingAttribute, "System.Text.Json.Serialization.JsonObjectCreationHandlingAttribute");

    public INamedTypeSymbol? JsonObjectCreationHandling => Get(ref _jsonObjectCreationHandling, "System.Text.Json.Serialization.JsonObjectCreationHandling");

    public INamedTypeSymbol? JsonUnmappedMemberHandlingAttribute => Get(ref _jsonUnmappedMemberHandlingAttribute, "System.Text.Json.Serialization.JsonUnmappedMemberHandlingAttribute");

    public INamedTypeSymbol? JsonUnmappedMemberHandling => Get(ref _jsonUnmappedMemberHandling, "System.Text.Json.Serialization.JsonUnmappedMemberHandling");

    public INamedTypeSymbol? JsonSerializableAttribute => Get(ref _jsonSerializableAttribute, "System.Text.Json.Serialization.JsonSerializableAttribute");

    public INamedTypeSymbol? JsonSourceGenerationOptionsAttribute => Get(ref _jsonSourceGenerationOptionsAttribute, "System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute");

    public INamedTypeSymbol? JsonableTypeAttribute => Get(ref _jsonableTypeAttribute, JsonableTypeParser.AttributeName);

    public INamedTypeSymbol? JsonableSerializer => Get(ref _jsonableSerializer, "Jsonable.JsonableSerializer");

    public INamedTypeSymbol? JsonableResults => Get(ref _jsonableResults, "Jsonable.AspNetCore.Http.JsonableResults");

    /// <summary>The client package's entry points (Jsonable.Http), whose generic methods take the model's type.</summary>
    public INamedTypeSymbol? HttpClientJsonableExtensions => Get(ref _httpClientJsonableExtensions, "Jsonable.Http.HttpClientJsonableExtensions");

    public INamedTypeSymbol? HttpContentJsonableExtensions => Get(ref _httpContentJsonableExtensions, "Jsonable.Http.HttpContentJsonableExtensions");

    public INamedTypeSymbol? HttpResponseMessageJsonableExtensions => Get(ref _httpResponseMessageJsonableExtensions, "Jsonable.Http.HttpResponseMessageJsonableExtensions");

    public INamedTypeSymbol? JsonableContent => Get(ref _jsonableContent, "Jsonable.Http.JsonableContent");

    public INamedTypeSymbol? JsonableResultOfT => Get(ref _jsonableResultOfT, "Jsonable.AspNetCore.Http.JsonableResult`1");

    public INamedTypeSymbol? JsonableCreatedResultOfT => Get(ref _jsonableCreatedResultOfT, "Jsonable.AspNetCore.Http.JsonableCreatedResult`1");

    public INamedTypeSymbol? JsonableMembersResultOfT => Get(ref _jsonableMembersResultOfT, "Jsonable.AspNetCore.Http.JsonableMembersResult`1");

    public INamedTypeSymbol? JsonableBodyOfT => Get(ref _jsonableBodyOfT, "Jsonable.AspNetCore.Http.JsonableBody`1");

    /// <summary>What a generated minimal-API <c>BindAsync</c> calls; present when the project references Jsonable.AspNetCore.</summary>
    public INamedTypeSymbol? JsonableBodyBinding => Get(ref _jsonableBodyBinding, "Jsonable.AspNetCore.Http.JsonableBodyBinding");

    /// <summary>The interface a generated minimal-API binding implements (ASP.NET Core's, referenced with Jsonable.AspNetCore).</summary>
    public INamedTypeSymbol? EndpointParameterMetadataProvider => Get(ref _endpointParameterMetadataProvider, "Microsoft.AspNetCore.Http.Metadata.IEndpointParameterMetadataProvider");

    public INamedTypeSymbol? JsonablePatchOfT => Get(ref _jsonablePatchOfT, "Jsonable.AspNetCore.Http.JsonablePatch`1");

    /// <summary>Holds <c>AddJsonable(this IServiceCollection)</c> and <c>AddJsonable(this IMvcBuilder)</c>.</summary>
    public INamedTypeSymbol? JsonableServiceCollectionExtensions => Get(ref _jsonableServiceCollectionExtensions, "Microsoft.Extensions.DependencyInjection.JsonableServiceCollectionExtensions");

    /// <summary>Holds <c>UseJsonable(this IApplicationBuilder)</c>.</summary>
    public INamedTypeSymbol? JsonableApplicationBuilderExtensions => Get(ref _jsonableApplicationBuilderExtensions, "Microsoft.AspNetCore.Builder.JsonableApplicationBuilderExtensions");

    /// <summary>Holds minimal APIs' <c>MapGet</c>/<c>MapPost</c>/... .</summary>
    public INamedTypeSymbol? EndpointRouteBuilderExtensions => Get(ref _endpointRouteBuilderExtensions, "Microsoft.AspNetCore.Builder.EndpointRouteBuilderExtensions");

    public INamedTypeSymbol? IAsyncEnumerableOfT => Get(ref _asyncEnumerableOfT, "System.Collections.Generic.IAsyncEnumerable`1");

    /// <summary>
    /// The name of the <c>JsonIgnoreCondition</c> member whose value is <paramref name="value"/> (what a
    /// <c>[JsonIgnore(Condition = ...)]</c> argument holds), read from the enum itself rather than from numbers
    /// copied out of STJ's source; <see langword="null"/> when no member has that value.
    /// </summary>
    public string? JsonIgnoreConditionName(object? value) => EnumMemberName(JsonIgnoreCondition, value);

    /// <summary>The name of the member of <paramref name="enumType"/> whose value is <paramref name="value"/> (an attribute argument), or <see langword="null"/>.</summary>
    public static string? EnumMemberName(INamedTypeSymbol? enumType, object? value)
    {
        if (enumType is not { } conditions || value is null)
        {
            return null;
        }

        foreach (ISymbol member in conditions.GetMembers())
        {
            if (member is IFieldSymbol { HasConstantValue: true } field && Equals(field.ConstantValue, value))
            {
                return field.Name;
            }
        }

        return null;
    }

    /// <summary>Whether <paramref name="candidate"/> is <paramref name="known"/> (never when the compilation lacks it).</summary>
    public static bool Is(ITypeSymbol? candidate, INamedTypeSymbol? known) =>
        known is not null && candidate is not null && SymbolEqualityComparer.Default.Equals(candidate, known);

    /// <summary>Whether <paramref name="candidate"/> is one of <paramref name="known"/>.</summary>
    public static bool IsAny(ITypeSymbol? candidate, ImmutableArray<INamedTypeSymbol> known)
    {
        foreach (INamedTypeSymbol type in known)
        {
            if (Is(candidate, type))
            {
                return true;
            }
        }

        return false;
    }

    private ImmutableArray<INamedTypeSymbol> GetAll(ref ImmutableArray<INamedTypeSymbol> slot, string[] metadataNames)
    {
        if (slot.IsDefault)
        {
            ImmutableArray<INamedTypeSymbol>.Builder found = ImmutableArray.CreateBuilder<INamedTypeSymbol>(metadataNames.Length);
            foreach (string metadataName in metadataNames)
            {
                // The compiler's special types (string, int, ...) by their SpecialType: never ambiguous between references.
                INamedTypeSymbol? type = Enum.TryParse(metadataName.Replace('.', '_'), out SpecialType special)
                    ? _compilation.GetSpecialType(special)
                    : _compilation.GetTypeByMetadataName(metadataName);
                if (type is not null && type.TypeKind != TypeKind.Error)
                {
                    found.Add(type);
                }
            }

            slot = found.ToImmutable();
        }

        return slot;
    }

    private INamedTypeSymbol? Get(ref Slot slot, string metadataName)
    {
        if (!slot.Resolved)
        {
            slot = new Slot(true, _compilation.GetTypeByMetadataName(metadataName));
        }

        return slot.Symbol;
    }

    /// <summary>A symbol looked up once; a missing type is remembered as missing.</summary>
    private readonly struct Slot(bool resolved, INamedTypeSymbol? symbol)
    {
        public bool Resolved { get; } = resolved;

        public INamedTypeSymbol? Symbol { get; } = symbol;
    }
}
