using System;
using System.Text.Json;

namespace Jsonable.SystemTextJson;

/// <summary>Puts the generated code in charge of the types it knows, in any <see cref="JsonSerializerOptions"/>.</summary>
public static class JsonableJsonSerializerOptionsExtensions
{
    /// <summary>
    /// Inserts a <see cref="JsonableJsonTypeInfoResolver"/> (deriving its Jsonable options from
    /// <paramref name="options"/>) at the front of <see cref="JsonSerializerOptions.TypeInfoResolverChain"/>, so that
    /// <c>JsonSerializer</c> reads and writes generated types with the generated code and every other type as before.
    /// Does nothing when the chain already starts with a Jsonable resolver.
    /// </summary>
    /// <param name="options">Options not yet used (System.Text.Json makes them read-only when first used).</param>
    /// <returns><paramref name="options"/>, for chaining.</returns>
    public static JsonSerializerOptions AddJsonable(this JsonSerializerOptions options)
    {
        if (options is null)
        {
            throw new ArgumentNullException(nameof(options));
        }

        return options.TypeInfoResolverChain.Count > 0 && options.TypeInfoResolverChain[0] is JsonableJsonTypeInfoResolver
            ? options
            : AddJsonable(options, new JsonableJsonTypeInfoResolver());
    }

    /// <summary>
    /// Inserts <paramref name="resolver"/> at the front of <see cref="JsonSerializerOptions.TypeInfoResolverChain"/>
    /// (see <see cref="AddJsonable(JsonSerializerOptions)"/>). Does nothing when the chain already holds it.
    /// </summary>
    /// <param name="options">Options not yet used.</param>
    /// <param name="resolver">The resolver to ask first.</param>
    /// <returns><paramref name="options"/>, for chaining.</returns>
    public static JsonSerializerOptions AddJsonable(this JsonSerializerOptions options, JsonableJsonTypeInfoResolver resolver)
    {
        if (options is null || resolver is null)
        {
            throw new ArgumentNullException(options is null ? nameof(options) : nameof(resolver));
        }

        // An empty chain means "the default reflection resolver" only while TypeInfoResolver is unset; inserting into it
        // would leave Jsonable alone, and every other type unserializable. Keep the default behind it then.
        if (options.TypeInfoResolverChain.Count == 0 && options.TypeInfoResolver is null && JsonSerializer.IsReflectionEnabledByDefault)
        {
#pragma warning disable IL2026, IL3050 // Only when reflection is enabled by default, which is what the options would have used.
            options.TypeInfoResolverChain.Add(new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver());
#pragma warning restore IL2026, IL3050
        }

        if (options.TypeInfoResolverChain.Contains(resolver))
        {
            return options;
        }

        options.TypeInfoResolverChain.Insert(0, resolver);
        return options;
    }
}
