using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.ComponentModel;
using System.Linq;
using System.Reflection;

namespace Jsonable.Metadata;

/// <summary>
/// The compile-time options each assembly's generated code was compiled with, as its generated registration reports
/// them when the assembly loads. The naming policy in force comes from the MSBuild property <c>JsonableNamingPolicy</c>
/// or <c>[assembly: JsonableGenerationOptions]</c>, and the MSBuild property leaves no trace a reflection on attributes could
/// find: so the generated code says it here, and the ASP.NET Core integration compares it with the app's
/// <c>JsonOptions</c> at startup.
/// </summary>
public static class JsonableCompiledOptions
{
    private static readonly ConcurrentDictionary<Assembly, JsonableNamingPolicy> s_namingPolicies = new();

    /// <summary>Raised after an assembly's registration reports its options (for a check that ran before it loaded).</summary>
    public static event Action<Assembly, JsonableNamingPolicy>? AssemblyRegistered;

    /// <summary>
    /// Records the naming policy the generated code of <paramref name="assembly"/> uses for every type that has no
    /// <c>[JsonableGenerationOptions]</c> of its own. Generated code calls this from the assembly's module initializer.
    /// </summary>
    /// <param name="assembly">The assembly whose generated code reports.</param>
    /// <param name="namingPolicy">Its policy in force (never <see cref="JsonableNamingPolicy.Default"/>: the generator resolves it).</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterAssembly(Assembly assembly, JsonableNamingPolicy namingPolicy)
    {
        ArgumentNullException.ThrowIfNull(assembly);
        s_namingPolicies[assembly] = namingPolicy;
        AssemblyRegistered?.Invoke(assembly, namingPolicy);
    }

    /// <summary>The naming policy of each assembly whose generated registration has run, ordered by assembly name.</summary>
    /// <returns>A snapshot: assemblies that load later are not in it.</returns>
    public static IReadOnlyList<KeyValuePair<Assembly, JsonableNamingPolicy>> GetNamingPolicies() =>
        s_namingPolicies.OrderBy(pair => pair.Key.FullName, StringComparer.Ordinal).ToArray();
}
