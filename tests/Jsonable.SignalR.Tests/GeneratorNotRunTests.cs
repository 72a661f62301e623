using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Tests.Shared;

namespace Jsonable.SignalR.Tests;

/// <summary>
/// A hub argument whose model assembly was built without the Jsonable package: marked [ToJson] but with no generated
/// code. SignalR's json protocol still carries it (System.Text.Json's own contract, as without Jsonable), and the app's
/// log says so, naming the type, its assembly and the package, instead of leaving the user to find out from a profile.
/// </summary>
public sealed class GeneratorNotRunTests
{
    [Fact]
    public void JsonProtocol_MarkedTypeFromAnAssemblyBuiltWithoutTheGenerator_WarnsThatSystemTextJsonCarriesIt()
    {
        Type marked = UngeneratedTypes.DefineMarked("NoGenerator.Player", out string assemblyName);
        var logs = new CollectingLoggerProvider();
        using ServiceProvider services = new ServiceCollection()
            .AddLogging(logging => logging.AddProvider(logs))
            .AddSignalR().AddJsonableProtocol().Services
            .BuildServiceProvider();
        JsonSerializerOptions payload = services.GetRequiredService<IOptions<JsonHubProtocolOptions>>().Value.PayloadSerializerOptions;

        payload.GetTypeInfo(typeof(PlayerState)); // generated: no warning
        JsonTypeInfo info = payload.GetTypeInfo(marked);

        Assert.Equal(JsonTypeInfoKind.Object, info.Kind);
        string warning = Assert.Single(logs.Warnings);
        Assert.StartsWith($"{marked} is sent and received by System.Text.Json's own contract in SignalR's json protocol, not by generated code: ", warning, StringComparison.Ordinal);
        Assert.Contains($"the Jsonable generator did not run for its assembly '{assemblyName}'", warning, StringComparison.Ordinal);
        Assert.Contains("Reference the Jsonable package", warning, StringComparison.Ordinal);
    }
}
