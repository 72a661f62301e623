extern alias AotApi;

using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.AppJsonOptions;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Options;
using Todo = AotApi::Jsonable.Samples.AotApi.Todo;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Registration;

/// <summary>
/// An app whose model assembly was built without the Jsonable package: its types carry [ToJson] but have no generated
/// code. The minimal-API result says so (the 500 a developer reads), naming the type, its assembly and the package.
/// </summary>
public sealed class GeneratorNotRunResultTests
{
    [Fact]
    public async Task JsonableResultsOk_MarkedTypeFromAnAssemblyBuiltWithoutTheGenerator_NamesTheMissingGenerator()
    {
        Type marked = UngeneratedTypes.DefineMarked("NoGenerator.Item", out string assemblyName);
        var context = new DefaultHttpContext { RequestServices = new ServiceCollection().BuildServiceProvider() };
        context.Response.Body = new MemoryStream();
        MethodInfo ok = typeof(GeneratorNotRunResultTests).GetMethod(nameof(ExecuteOkAsync), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(marked);

        var e = await Assert.ThrowsAsync<InvalidOperationException>(() => (Task)ok.Invoke(null, [Activator.CreateInstance(marked), context])!);

        Assert.Contains($"{marked} is marked [ToJson] but has no generated code", e.Message, StringComparison.Ordinal);
        Assert.Contains($"the Jsonable generator did not run for its assembly '{assemblyName}'", e.Message, StringComparison.Ordinal);
        Assert.Contains("Reference the Jsonable package", e.Message, StringComparison.Ordinal);
        Assert.Equal(0, context.Response.Body.Length);
    }

    [Fact]
    public async Task AppJsonOptions_MarkedTypeFromAnAssemblyBuiltWithoutTheGenerator_WarnsThatSystemTextJsonServesIt()
    {
        Type marked = UngeneratedTypes.DefineMarked("NoGenerator.Item", out string assemblyName);
        var logs = new CollectingLoggerProvider();
        await using WebApplication app = await AppJsonOptionsHost.StartAsync(AppStack.Minimal, logs: logs);
        JsonSerializerOptions options = app.Services.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions;

        options.GetTypeInfo(typeof(Todo)); // generated: no warning
        JsonTypeInfo info = options.GetTypeInfo(marked);

        Assert.Equal(JsonTypeInfoKind.Object, info.Kind); // still served, as System.Text.Json alone serves it
        string warning = Assert.Single(logs.Messages, m => m.Contains("System.Text.Json's own contract", StringComparison.Ordinal));
        Assert.StartsWith($"Warning: {marked} is read and written by System.Text.Json's own contract, not by generated code (JSON only): ", warning, StringComparison.Ordinal);
        Assert.Contains($"the Jsonable generator did not run for its assembly '{assemblyName}'", warning, StringComparison.Ordinal);
    }

    private static Task ExecuteOkAsync<T>(T value, HttpContext context) => JsonableResults.Ok(value).ExecuteAsync(context);
}
