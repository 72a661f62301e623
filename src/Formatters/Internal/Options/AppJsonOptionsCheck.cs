using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.SystemTextJson;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Compares one of the app's JSON options (MVC's <c>AddJsonOptions</c> or minimal APIs' <c>ConfigureHttpJsonOptions</c>)
/// with what Jsonable's generated code does, setting by setting (README, "App-wide JSON options"). Settings Jsonable
/// applies at run time are handled by <see cref="AppJsonOptionsSetup"/>; this finds the ones it cannot honour.
/// </summary>
internal static partial class AppJsonOptionsCheck
{
    /// <summary>What each public property of <see cref="JsonSerializerOptions"/> is to Jsonable; a test keeps this complete.</summary>
    internal static readonly IReadOnlyDictionary<string, string> Classification = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        [nameof(JsonSerializerOptions.AllowDuplicateProperties)] = "fail-fast",
        [nameof(JsonSerializerOptions.AllowOutOfOrderMetadataProperties)] = "fail-fast",
        [nameof(JsonSerializerOptions.AllowTrailingCommas)] = "fail-fast",
        [nameof(JsonSerializerOptions.Converters)] = "JsonStringEnumConverter honoured, any other converter fail-fast",
        [nameof(JsonSerializerOptions.DefaultBufferSize)] = "irrelevant",
        [nameof(JsonSerializerOptions.DefaultIgnoreCondition)] = "fail-fast",
        [nameof(JsonSerializerOptions.DictionaryKeyPolicy)] = "fail-fast",
        [nameof(JsonSerializerOptions.Encoder)] = "irrelevant", // bytes only: Jsonable escapes what JSON requires, the same data under every encoder
        ["IgnoreNullValues"] = "irrelevant", // obsolete: setting it sets DefaultIgnoreCondition, which is checked
        [nameof(JsonSerializerOptions.IgnoreReadOnlyFields)] = "fail-fast",
        [nameof(JsonSerializerOptions.IgnoreReadOnlyProperties)] = "fail-fast",
        [nameof(JsonSerializerOptions.IncludeFields)] = "fail-fast",
        [nameof(JsonSerializerOptions.IndentCharacter)] = "honoured",
        [nameof(JsonSerializerOptions.IndentSize)] = "honoured",
        [nameof(JsonSerializerOptions.IsReadOnly)] = "irrelevant",
        [nameof(JsonSerializerOptions.MaxDepth)] = "applied",
        [nameof(JsonSerializerOptions.NewLine)] = "honoured",
        [nameof(JsonSerializerOptions.NumberHandling)] = "honoured at the web default, else fail-fast",
        [nameof(JsonSerializerOptions.PreferredObjectCreationHandling)] = "fail-fast",
        [nameof(JsonSerializerOptions.PropertyNameCaseInsensitive)] = "applied",
        [nameof(JsonSerializerOptions.PropertyNamingPolicy)] = "honoured when it matches the compiled policy, else fail-fast",
        [nameof(JsonSerializerOptions.ReadCommentHandling)] = "fail-fast",
        [nameof(JsonSerializerOptions.ReferenceHandler)] = "fail-fast",
        [nameof(JsonSerializerOptions.RespectNullableAnnotations)] = "fail-fast",
        [nameof(JsonSerializerOptions.RespectRequiredConstructorParameters)] = "fail-fast",
        [nameof(JsonSerializerOptions.TypeInfoResolver)] = "irrelevant",
        [nameof(JsonSerializerOptions.TypeInfoResolverChain)] = "irrelevant",
        [nameof(JsonSerializerOptions.UnknownTypeHandling)] = "irrelevant", // only for members typed object, which Jsonable types cannot have (JSONABLE002)
        [nameof(JsonSerializerOptions.UnmappedMemberHandling)] = "applied",
        [nameof(JsonSerializerOptions.WriteIndented)] = "honoured",
        // System.Text.Json 11 (the package, on net10.0): read by name, see AppJsonOptionsCheck.Stj11.cs.
        [InferClosedTypePolymorphism] = "fail-fast",
        [TypeClassifiers] = "fail-fast",
    };

    // What an unchanged JsonOptions holds (both kinds start from the web defaults); MaxDepth, which differs, is applied.
    private static readonly JsonSerializerOptions s_webDefaults = new(JsonSerializerDefaults.Web);

    /// <summary>
    /// Every setting of <paramref name="options"/> that differs from the web defaults and that Jsonable can neither
    /// honour nor apply, as one message each that names the option, says what Jsonable does, and how to match it.
    /// </summary>
    /// <param name="options">The app's options.</param>
    /// <param name="source">How the message names them, e.g. <c>JsonOptions.SerializerOptions (ConfigureHttpJsonOptions)</c>.</param>
    /// <param name="namingPolicies">The naming policy each loaded Jsonable assembly was compiled with.</param>
    public static List<string> FindMismatches(JsonSerializerOptions options, string source, IReadOnlyList<KeyValuePair<Assembly, JsonableNamingPolicy>> namingPolicies)
    {
        var found = new List<string>();
        JsonSerializerOptions web = s_webDefaults;
        void Add(string property, string message) => found.Add($"{source}.{property} {message}");

        CheckNamingPolicy(options.PropertyNamingPolicy, source, namingPolicies, found);

        // A JsonStringEnumConverter (either form, any naming policy) is honoured: JsonEnumConverters names enums as it does.
        foreach (JsonConverter converter in options.Converters.Where(c => !JsonEnumConverters.IsEnumStringConverter(c)))
        {
            Add(nameof(options.Converters), $"holds {converter.GetType().FullName}, which Jsonable's generated code never calls (it serializes every member of a [ToJson]/[FromJson] type itself; of the converters, only JsonStringEnumConverter is honoured). If it converts a type those types use, their JSON would differ between Jsonable and System.Text.Json; remove it, or register it only for the types System.Text.Json serves.");
        }

        if (options.NumberHandling != web.NumberHandling)
        {
            Add(nameof(options.NumberHandling), $"is {options.NumberHandling}, but Jsonable's generated code follows the web default ({web.NumberHandling}) for every type without [JsonNumberHandling]. Put [JsonNumberHandling(JsonNumberHandling.{options.NumberHandling.ToString().Replace(", ", " | JsonNumberHandling.", StringComparison.Ordinal)})] on the Jsonable types (or members) instead.");
        }

        if (options.DefaultIgnoreCondition != web.DefaultIgnoreCondition)
        {
            Add(nameof(options.DefaultIgnoreCondition), $"is {options.DefaultIgnoreCondition}, but Jsonable's generated code writes every member (Never) unless the member says otherwise. Put [JsonIgnore(Condition = JsonIgnoreCondition.{options.DefaultIgnoreCondition})] on the members of Jsonable types instead.");
        }

        if (options.IgnoreReadOnlyProperties)
        {
            Add(nameof(options.IgnoreReadOnlyProperties), "is true, but Jsonable's generated code writes read-only properties. Put [JsonIgnore] on the read-only properties of Jsonable types instead.");
        }

        if (options.IgnoreReadOnlyFields)
        {
            Add(nameof(options.IgnoreReadOnlyFields), "is true, but Jsonable's generated code writes the read-only fields it serializes. Put [JsonIgnore] on those fields instead.");
        }

        if (options.IncludeFields)
        {
            Add(nameof(options.IncludeFields), "is true, but Jsonable's generated code serializes only the fields marked [JsonInclude]. Put [JsonInclude] on the public fields of Jsonable types that should be on the wire instead.");
        }

        if (options.DictionaryKeyPolicy is not null)
        {
            Add(nameof(options.DictionaryKeyPolicy), $"is {PolicyName(options.DictionaryKeyPolicy)}, but Jsonable's generated code writes dictionary keys exactly as they are; there is no Jsonable setting for it. Remove the policy, or use keys that are already in the form wanted.");
        }

        if (options.AllowTrailingCommas)
        {
            Add(nameof(options.AllowTrailingCommas), "is true, but Jsonable's reader answers a trailing comma with 400, as the JSON standard says; there is no Jsonable setting for it. Remove it.");
        }

        if (options.ReadCommentHandling != JsonCommentHandling.Disallow)
        {
            Add(nameof(options.ReadCommentHandling), $"is {options.ReadCommentHandling}, but Jsonable's reader answers a comment in a JSON body with 400; there is no Jsonable setting for it. Remove it.");
        }

        if (options.AllowDuplicateProperties != web.AllowDuplicateProperties)
        {
            Add(nameof(options.AllowDuplicateProperties), "is false, but Jsonable's reader does not refuse a repeated member, as the web defaults do not; there is no Jsonable setting for it. Remove it.");
        }

        if (options.ReferenceHandler is not null)
        {
            Add(nameof(options.ReferenceHandler), $"is set ({options.ReferenceHandler.GetType().Name}), but Jsonable neither writes nor reads $id/$ref and does not detect cycles beyond MaxDepth; there is no Jsonable setting for it. Remove it, or keep object graphs with shared references out of Jsonable types.");
        }

        if (options.PreferredObjectCreationHandling != web.PreferredObjectCreationHandling)
        {
            Add(nameof(options.PreferredObjectCreationHandling), $"is {options.PreferredObjectCreationHandling}, but Jsonable's reader creates new member values (Replace); there is no Jsonable setting for it. Remove it.");
        }

        if (options.RespectNullableAnnotations)
        {
            Add(nameof(options.RespectNullableAnnotations), "is true, but Jsonable's generated code does not refuse null for non-nullable reference members; there is no Jsonable setting for it. Remove it.");
        }

        if (options.RespectRequiredConstructorParameters)
        {
            Add(nameof(options.RespectRequiredConstructorParameters), "is true, but Jsonable's generated code does not refuse a body that lacks a constructor parameter; mark the member required (or [JsonRequired]) instead.");
        }

        if (options.AllowOutOfOrderMetadataProperties)
        {
            Add(nameof(options.AllowOutOfOrderMetadataProperties), "is true, but Jsonable's reader expects a type discriminator first, as the web defaults do; there is no Jsonable setting for it. Remove it.");
        }

        CheckStj11Settings(options, Add);
        foreach (IJsonTypeInfoResolver resolver in options.TypeInfoResolverChain)
        {
            if (resolver is DefaultJsonTypeInfoResolver { Modifiers.Count: > 0 })
            {
                Add(nameof(options.TypeInfoResolver), "is a DefaultJsonTypeInfoResolver with contract modifiers, which Jsonable's generated code never runs (it serializes [ToJson]/[FromJson] types itself). Express what the modifiers do with attributes on the Jsonable types, or register the modifiers for other types only.");
            }
        }

        return found;
    }

    private static void CheckNamingPolicy(JsonNamingPolicy? policy, string source, IReadOnlyList<KeyValuePair<Assembly, JsonableNamingPolicy>> namingPolicies, List<string> found)
    {
        // Left at the web default (camelCase), the options ask for nothing: an assembly compiled with another policy
        // made that choice in its project file, and the other kind of JsonOptions (MVC's or minimal APIs') may be the
        // one the app set. Only a policy the app chose is compared.
        if (policy == JsonNamingPolicy.CamelCase)
        {
            return;
        }

        if (policy is not null && policy == s_pascalCase.Value)
        {
            found.Add($"{source}.PropertyNamingPolicy is JsonNamingPolicy.PascalCase (System.Text.Json 11), which Jsonable has no compile-time policy for. Remove it (null writes C# names as declared, which are PascalCase already), or name the members that differ with [JsonPropertyName].");
            return;
        }

        JsonableNamingPolicy? wanted = ToJsonable(policy);
        foreach ((Assembly assembly, JsonableNamingPolicy compiled) in namingPolicies)
        {
            if (wanted == compiled)
            {
                continue;
            }

            string assemblyName = assembly.GetName().Name ?? assembly.FullName ?? "?";
            found.Add(wanted is { } match
                ? $"{source}.PropertyNamingPolicy is {PolicyName(policy)}, but the generated code of assembly '{assemblyName}' names members {compiled} (Jsonable chooses names at compile time). Set <JsonableNamingPolicy>{match}</JsonableNamingPolicy> in that assembly's project file, or [assembly: JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.{match})] in its code."
                : $"{source}.PropertyNamingPolicy is a custom policy ({policy!.GetType().FullName}), which Jsonable cannot run (it chooses names at compile time); the generated code of assembly '{assemblyName}' names members {compiled}. Use one of JsonNamingPolicy's built-in policies and set the same one as <JsonableNamingPolicy> in that assembly's project file, or name each member with [JsonPropertyName].");
        }
    }

    /// <summary>The Jsonable policy that names members as <paramref name="policy"/> does, or null for a custom one.</summary>
    private static JsonableNamingPolicy? ToJsonable(JsonNamingPolicy? policy) =>
        policy is null ? JsonableNamingPolicy.AsDeclared
        : policy == JsonNamingPolicy.CamelCase ? JsonableNamingPolicy.CamelCase
        : policy == JsonNamingPolicy.SnakeCaseLower ? JsonableNamingPolicy.SnakeCaseLower
        : policy == JsonNamingPolicy.SnakeCaseUpper ? JsonableNamingPolicy.SnakeCaseUpper
        : policy == JsonNamingPolicy.KebabCaseLower ? JsonableNamingPolicy.KebabCaseLower
        : policy == JsonNamingPolicy.KebabCaseUpper ? JsonableNamingPolicy.KebabCaseUpper
        : null;

    private static string PolicyName(JsonNamingPolicy? policy) =>
        ToJsonable(policy) switch
        {
            JsonableNamingPolicy.AsDeclared => "null (names as declared)",
            { } known => $"JsonNamingPolicy.{known}",
            null => policy!.GetType().FullName ?? "a custom policy",
        };

    /// <summary>
    /// Runs the generated registration of every assembly that can hold Jsonable types, so that all of them report
    /// their naming policy before the check. Native AOT runs every module initializer at startup, so there is nothing
    /// to do; on the JIT, an assembly the app references but has not touched yet (a contracts library) would otherwise
    /// be missed. Framework assemblies are skipped: they never hold generated types.
    /// </summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "An assembly reference trimming removed holds no type the app uses; an assembly the walk misses is checked when its registration runs.")]
    public static void RunJsonableRegistrations()
    {
        if (!RuntimeFeature.IsDynamicCodeSupported)
        {
            return;
        }

        string runtimeName = typeof(JsonableRegistry).Assembly.GetName().Name!;
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var pending = new Queue<Assembly>(AppDomain.CurrentDomain.GetAssemblies());
        if (Assembly.GetEntryAssembly() is { } entry)
        {
            pending.Enqueue(entry);
        }

        while (pending.TryDequeue(out Assembly? assembly))
        {
            string? name = assembly.GetName().Name;
            if (name is null || IsFramework(name) || assembly.IsDynamic || !seen.Add(name))
            {
                continue;
            }

            AssemblyName[] references = assembly.GetReferencedAssemblies();
            if (references.Any(r => string.Equals(r.Name, runtimeName, StringComparison.OrdinalIgnoreCase)))
            {
                RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
            }

            foreach (AssemblyName reference in references)
            {
                if (reference.Name is { } referenceName && !IsFramework(referenceName) && !seen.Contains(referenceName))
                {
                    try
                    {
                        pending.Enqueue(Assembly.Load(reference));
                    }
                    catch (Exception e) when (e is System.IO.IOException or BadImageFormatException)
                    {
                        // Not deployed with the app (a compile-time-only reference): it cannot serve anything either.
                    }
                }
            }
        }
    }

    private static bool IsFramework(string name) =>
        name is "mscorlib" or "netstandard" or "System"
        || name.StartsWith("System.", StringComparison.Ordinal)
        || name.StartsWith("Microsoft.", StringComparison.Ordinal)
        || name is "Jsonable.Runtime" or "Jsonable.AspNetCore" or "Jsonable.Http" or "Jsonable.AspNetCore.OpenApi" or "Jsonable.AspNetCore.Swashbuckle";
}
