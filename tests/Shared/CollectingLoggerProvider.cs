#nullable enable
using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace Jsonable.Tests.Shared;

/// <summary>
/// Keeps every log message written at warning level or above, as "Level: message", for tests that assert what an app
/// tells its operator. Linked as source into each test project that reads an app's log.
/// </summary>
internal sealed class CollectingLoggerProvider : ILoggerProvider
{
    private const string WarningPrefix = "Warning: ";

    /// <summary>Every message kept, in the order logged, each as "Level: message".</summary>
    public ConcurrentQueue<string> Messages { get; } = new();

    /// <summary>The messages logged at warning level exactly, without the level.</summary>
    public IEnumerable<string> Warnings => Messages.Where(m => m.StartsWith(WarningPrefix, StringComparison.Ordinal)).Select(m => m.Substring(WarningPrefix.Length));

    public ILogger CreateLogger(string categoryName) => new Logger(this);

    public void Dispose()
    {
    }

    private sealed class Logger(CollectingLoggerProvider owner) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                owner.Messages.Enqueue($"{logLevel}: {formatter(state, exception)}");
            }
        }
    }
}
