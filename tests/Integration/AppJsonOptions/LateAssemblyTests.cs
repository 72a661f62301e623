using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Jsonable.Metadata;

namespace Jsonable.Integration.Tests.AppJsonOptions;

/// <summary>Runs alone: its test registers an assembly's naming policy, which every app started meanwhile would see.</summary>
[CollectionDefinition(nameof(LateAssemblyCollection), DisableParallelization = true)]
public sealed class LateAssemblyCollection
{
}

/// <summary>
/// An assembly whose generated registration runs after the host started (loaded later, by <c>Assembly.Load</c>) can no
/// longer stop the start: its naming policy is compared when it registers, and a difference is logged as an error.
/// </summary>
[Collection(nameof(LateAssemblyCollection))]
public sealed class LateAssemblyTests
{
    [Fact]
    public async Task AssemblyRegisteredAfterStart_WithAnotherPolicy_IsLoggedAsAnError()
    {
        var logs = new CollectingLoggerProvider();
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(
            AppStack.Minimal,
            o => o.PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
            jsonable => jsonable.FailOnJsonOptionsMismatch = false, // the sample assemblies loaded already are camelCase
            logs: logs);
        // Stands in for an assembly loaded after startup. This test assembly has generated types of its own (camelCase), so
        // it also appears among the startup warnings: only the error logged when it registers again is this test's.
        System.Reflection.Assembly late = typeof(LateAssemblyTests).Assembly;
        try
        {
            JsonableCompiledOptions.RegisterAssembly(late, JsonableNamingPolicy.KebabCaseLower);

            string error = Assert.Single(logs.Messages, m => m.StartsWith("Error: ", StringComparison.Ordinal) && m.Contains($"assembly '{late.GetName().Name}'", StringComparison.Ordinal));
            Assert.Contains("names members KebabCaseLower", error, StringComparison.Ordinal);
            Assert.Contains("<JsonableNamingPolicy>SnakeCaseLower</JsonableNamingPolicy>", error, StringComparison.Ordinal);
        }
        finally
        {
            // What the generated code of a camelCase assembly would report, as the samples' do: apps that leave the policy
            // at its default compare nothing, and the tests that set one expect the samples' camelCase to differ.
            JsonableCompiledOptions.RegisterAssembly(late, JsonableNamingPolicy.CamelCase);
        }
    }
}
