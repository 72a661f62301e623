using System.Net;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Jsonable.LoadTests;

/// <summary>
/// The sample API in this process on real Kestrel (not a TestServer): 127.0.0.1, a free port, the Production
/// environment, and an in-memory SQLite database so that a POST measures serialization rather than disk syncs.
/// </summary>
internal sealed class SampleHost : WebApplicationFactory<Program>
{
    private readonly ServerLog _serverLog = new();

    public SampleHost()
    {
        // The sample's content root is this tool's output folder (its appsettings.json is copied there), wherever
        // the tool runs from; WebApplicationFactory reads this variable before guessing from the solution layout.
        Environment.SetEnvironmentVariable("ASPNETCORE_TEST_CONTENTROOT_JSONABLE_SAMPLES_WEBAPI", AppContext.BaseDirectory);
        UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
    }

    /// <summary>Warnings and errors the server logged (shown after the run; the console belongs to the progress display).</summary>
    public IReadOnlyList<string> ServerWarnings => _serverLog.Messages;

    /// <summary>Starts Kestrel and returns its address.</summary>
    public Uri Start()
    {
        StartServer();
        IServerAddressesFeature addresses = Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()
            ?? throw new InvalidOperationException("Kestrel reported no address.");
        return new Uri(addresses.Addresses.Single());
    }

    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Production");
        builder.UseSetting("ConnectionStrings:Sample", $"Data Source=file:load-tests-{Guid.NewGuid():N}?mode=memory&cache=shared");
        builder.ConfigureLogging(logging =>
        {
            logging.ClearProviders();
            logging.SetMinimumLevel(LogLevel.Warning);
            logging.AddProvider(_serverLog);
        });
    }

    /// <summary>Keeps the first warnings and errors the server logs.</summary>
    private sealed class ServerLog : ILoggerProvider
    {
        private const int MaxMessages = 50;
        private readonly List<string> _messages = [];

        public IReadOnlyList<string> Messages
        {
            get
            {
                lock (_messages)
                {
                    return [.. _messages];
                }
            }
        }

        public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

        public void Dispose()
        {
        }

        private void Add(string message)
        {
            lock (_messages)
            {
                if (_messages.Count < MaxMessages)
                {
                    _messages.Add(message);
                }
            }
        }

        private sealed class Logger(ServerLog log, string category) : ILogger
        {
            public IDisposable? BeginScope<TState>(TState state) where TState : notnull => null;

            public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning;

            public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
            {
                if (IsEnabled(logLevel))
                {
                    log.Add($"{logLevel} {category}: {formatter(state, exception)}{(exception is null ? "" : " " + exception.GetType().Name + ": " + exception.Message)}");
                }
            }
        }
    }
}
