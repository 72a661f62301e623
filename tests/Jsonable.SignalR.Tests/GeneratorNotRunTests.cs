using System.Collections.Concurrent;
using System.Reflection;
using System.Reflection.Emit;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Jsonable.AspNetCore.SignalR;

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
        Type marked = DefineMarkedTypeWithoutGeneratedCode(out string assemblyName);
        var logs = new WarningCollector();
        using ServiceProvider services = new ServiceCollection()
            .AddLogging(logging => logging.AddProvider(logs))
            .AddSignalR().AddJsonableProtocol().Services
            .BuildServiceProvider();
        JsonSerializerOptions payload = services.GetRequiredService<IOptions<JsonHubProtocolOptions>>().Value.PayloadSerializerOptions;

        payload.GetTypeInfo(typeof(PlayerState)); // generated: no warning
        JsonTypeInfo info = payload.GetTypeInfo(marked);

        Assert.Equal(JsonTypeInfoKind.Object, info.Kind);
        string warning = Assert.Single(logs.Messages);
        Assert.StartsWith($"{marked} is sent and received by System.Text.Json's own contract in SignalR's json protocol, not by generated code: ", warning, StringComparison.Ordinal);
        Assert.Contains($"the Jsonable generator did not run for its assembly '{assemblyName}'", warning, StringComparison.Ordinal);
        Assert.Contains("Reference the Jsonable package", warning, StringComparison.Ordinal);
    }

    /// <summary>A public class marked [ToJson] in an assembly of its own that no generator has seen.</summary>
    private static Type DefineMarkedTypeWithoutGeneratedCode(out string assemblyName)
    {
        assemblyName = "NoGenerator" + Guid.NewGuid().ToString("N");
        AssemblyBuilder assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName(assemblyName), AssemblyBuilderAccess.Run);
        TypeBuilder type = assembly.DefineDynamicModule(assemblyName).DefineType("NoGenerator.Player", TypeAttributes.Public | TypeAttributes.Class);
        type.SetCustomAttribute(new CustomAttributeBuilder(typeof(ToJsonAttribute).GetConstructor(Type.EmptyTypes)!, []));
        type.DefineDefaultConstructor(MethodAttributes.Public);
        return type.CreateType();
    }

    private sealed class WarningCollector : ILoggerProvider
    {
        public ConcurrentQueue<string> Messages { get; } = new();

        public ILogger CreateLogger(string categoryName) => new Logger(this);

        public void Dispose()
        {
        }

        private sealed class Logger(WarningCollector owner) : ILogger
        {
            public IDisposable? BeginScope<TState>(TState state)
                where TState : notnull => null;

            public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning;

            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
            {
                if (IsEnabled(logLevel))
                {
                    owner.Messages.Enqueue(formatter(state, exception));
                }
            }
        }
    }
}
