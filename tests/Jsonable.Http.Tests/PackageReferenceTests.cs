using System.Reflection;

namespace Jsonable.Http.Tests;

/// <summary>A client app needs no ASP.NET Core: neither Jsonable.Http nor anything of Jsonable's it brings references it.</summary>
public sealed class PackageReferenceTests
{
    [Fact]
    public void ClientAssembly_ReferencesTheRuntime_AndNoAspNetCoreAssembly()
    {
        Assembly client = typeof(HttpClientJsonableExtensions).Assembly;
        Assert.Equal("Jsonable.Http", client.GetName().Name);

        List<string> jsonableClosure = [];
        List<string> references = [];
        var pending = new Queue<Assembly>([client]);
        while (pending.TryDequeue(out Assembly? assembly))
        {
            jsonableClosure.Add(assembly.GetName().Name!);
            foreach (AssemblyName reference in assembly.GetReferencedAssemblies())
            {
                references.Add(reference.Name!);
                if (reference.Name!.StartsWith("Jsonable", StringComparison.Ordinal) && !jsonableClosure.Contains(reference.Name))
                {
                    pending.Enqueue(Assembly.Load(reference));
                }
            }
        }

        Assert.Contains("Jsonable.Runtime", jsonableClosure);
        Assert.Contains("System.Net.Http", references);
        Assert.DoesNotContain(references, name => name.StartsWith("Microsoft.AspNetCore", StringComparison.Ordinal));
        Assert.DoesNotContain(references, name => name.StartsWith("Microsoft.Extensions", StringComparison.Ordinal));
    }
}
