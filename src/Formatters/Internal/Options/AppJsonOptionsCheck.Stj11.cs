using System;
using System.Collections;
using System.Linq;
using System.Reflection;
using System.Text.Json;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The settings System.Text.Json 11 adds to <see cref="JsonSerializerOptions"/> (an app on net10.0 may reference the
/// System.Text.Json 11 package). Jsonable is compiled against the framework's System.Text.Json 10, so they are read by
/// name: absent on 10, checked when the app runs 11.
/// </summary>
internal static partial class AppJsonOptionsCheck
{
    internal const string InferClosedTypePolymorphism = "InferClosedTypePolymorphism";
    internal const string TypeClassifiers = "TypeClassifiers";

    /// <summary>The settings in <see cref="Classification"/> that only System.Text.Json 11 has.</summary>
    internal static readonly string[] Stj11Settings = [InferClosedTypePolymorphism, TypeClassifiers];

    private static readonly PropertyInfo? s_inferClosedTypePolymorphism = typeof(JsonSerializerOptions).GetProperty(InferClosedTypePolymorphism, BindingFlags.Public | BindingFlags.Instance);
    private static readonly PropertyInfo? s_typeClassifiers = typeof(JsonSerializerOptions).GetProperty(TypeClassifiers, BindingFlags.Public | BindingFlags.Instance);

    // JsonNamingPolicy.PascalCase (System.Text.Json 11), or null on 10.
    private static readonly Lazy<JsonNamingPolicy?> s_pascalCase = new(() =>
        typeof(JsonNamingPolicy).GetProperty("PascalCase", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as JsonNamingPolicy);

    private static void CheckStj11Settings(JsonSerializerOptions options, Action<string, string> add)
    {
        if (s_inferClosedTypePolymorphism?.GetValue(options) is true)
        {
            add(InferClosedTypePolymorphism, "is true (System.Text.Json 11), but Jsonable's generated code writes and reads only the derived types [JsonDerivedType] names on a Jsonable base type; there is no Jsonable setting for it. Remove it, and name each derived type with [JsonDerivedType] on the base type.");
        }

        // An IList<JsonTypeClassifierFactory>, whose list is not a non-generic ICollection: count it as a sequence.
        int classifiers = s_typeClassifiers?.GetValue(options) is IEnumerable list ? list.Cast<object>().Count() : 0;
        if (classifiers > 0)
        {
            add(TypeClassifiers, $"holds {classifiers} classifier(s) (System.Text.Json 11), which Jsonable's generated code never runs (it reads the discriminators [JsonPolymorphic]/[JsonDerivedType] declare). Remove them, or register them only for types System.Text.Json serves.");
        }
    }
}
