using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net;

namespace Jsonable.LoadTests;

/// <summary>
/// The load generator built in: HTTP/1.1 through one <see cref="SocketsHttpHandler"/> whose pool is sized to the
/// simulation's concurrency, every response body read to its end (and counted, not kept).
/// </summary>
internal sealed class InProcessEngine : IDisposable
{
    public const string Name = "in-process";

    private readonly HttpMessageInvoker _invoker;
    private readonly Uri _baseUri;
    private readonly TimeSpan _timeout;

    public InProcessEngine(Uri baseUri, int maxConcurrency, TimeSpan timeout)
    {
        _baseUri = baseUri;
        _timeout = timeout;
        _invoker = new HttpMessageInvoker(new SocketsHttpHandler
        {
            MaxConnectionsPerServer = maxConcurrency,
            PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
            PooledConnectionIdleTimeout = TimeSpan.FromMinutes(5),
            AutomaticDecompression = DecompressionMethods.None,
            AllowAutoRedirect = false,
            UseCookies = false,
            UseProxy = false,
            ConnectTimeout = TimeSpan.FromSeconds(10),
        });
    }

    /// <summary>Sends one request and reads its whole response: status, headers and body.</summary>
    public async Task<(HttpStatusCode Status, string? ContentType, byte[] Body)> SendOnceAsync(ScenarioRequest request, CancellationToken cancellationToken)
    {
        using HttpRequestMessage message = CreateMessage(request);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_timeout);
        using HttpResponseMessage response = await _invoker.SendAsync(message, timeout.Token);
        byte[] body = await response.Content.ReadAsByteArrayAsync(timeout.Token);
        return (response.StatusCode, response.Content.Headers.ContentType?.ToString(), body);
    }

    /// <summary>Runs <paramref name="request"/> under <paramref name="simulation"/> for <paramref name="duration"/>.</summary>
    public Task<TimeSpan> RunAsync(ScenarioRequest request, LoadSimulation simulation, TimeSpan duration, RunRecorder recorder, CancellationToken cancellationToken) =>
        simulation switch
        {
            ClosedModel closed => RunClosedAsync(request, closed.Copies, duration, recorder, cancellationToken),
            OpenModel open => RunOpenAsync(request, open, duration, recorder, cancellationToken),
            _ => throw new ArgumentOutOfRangeException(nameof(simulation)),
        };

    public void Dispose() => _invoker.Dispose();

    private async Task<TimeSpan> RunClosedAsync(ScenarioRequest request, int copies, TimeSpan duration, RunRecorder recorder, CancellationToken cancellationToken)
    {
        long start = Stopwatch.GetTimestamp();
        long end = start + (long)(duration.TotalSeconds * Stopwatch.Frequency);
        var copiesRunning = new Task[copies];
        for (int i = 0; i < copies; i++)
        {
            copiesRunning[i] = Task.Run(async () =>
            {
                byte[] buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
                try
                {
                    while (Stopwatch.GetTimestamp() < end && !cancellationToken.IsCancellationRequested)
                    {
                        await SendAsync(request, Stopwatch.GetTimestamp(), buffer, recorder, cancellationToken);
                    }
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                }
            }, cancellationToken);
        }

        await Task.WhenAll(copiesRunning);
        return Stopwatch.GetElapsedTime(start);
    }

    private async Task<TimeSpan> RunOpenAsync(ScenarioRequest request, OpenModel simulation, TimeSpan duration, RunRecorder recorder, CancellationToken cancellationToken)
    {
        using var slots = new SemaphoreSlim(simulation.MaxInFlight, simulation.MaxInFlight);
        var buffers = new ConcurrentBag<byte[]>();
        var inFlight = new List<Task>();
        long start = Stopwatch.GetTimestamp();
        long next = 0;
        // The run is the half-open interval [0, duration): a request due exactly at its end belongs to no run.
        long lastDue = simulation.DueBy(duration, duration) - 1;
        while (lastDue >= 0 && simulation.DueAt(lastDue, duration) >= duration - TimeSpan.FromTicks(1))
        {
            lastDue--;
        }
        while (!cancellationToken.IsCancellationRequested)
        {
            // Past the end, the requests due before it that the last wait skipped over are still sent.
            TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
            bool ended = elapsed >= duration;
            long due = ended ? lastDue + 1 : Math.Min(simulation.DueBy(elapsed, duration), lastDue + 1);
            for (; next < due; next++)
            {
                // Each request's latency runs from when it was due, not from when it could be sent: a server that
                // stalls the client is charged for every request the stall delayed (no coordinated omission).
                long dueTimestamp = start + (long)(simulation.DueAt(next, duration).TotalSeconds * Stopwatch.Frequency);
                if (slots.Wait(0))
                {
                    inFlight.Add(SendReleasingAsync(dueTimestamp));
                }
                else
                {
                    recorder.RecordFailure($"not sent: {simulation.MaxInFlight} requests already in flight (the server is behind the rate)", request.Body?.Length ?? 0);
                }
            }

            if (ended)
            {
                break;
            }

            if (inFlight.Count > 4096)
            {
                inFlight.RemoveAll(t => t.IsCompleted);
            }

            await Task.Delay(1, cancellationToken);
        }

        await Task.WhenAll(inFlight);
        foreach (byte[] buffer in buffers)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        return Stopwatch.GetElapsedTime(start);

        async Task SendReleasingAsync(long dueTimestamp)
        {
            byte[] buffer = buffers.TryTake(out byte[]? pooled) ? pooled : ArrayPool<byte>.Shared.Rent(64 * 1024);
            try
            {
                await SendAsync(request, dueTimestamp, buffer, recorder, cancellationToken);
            }
            finally
            {
                buffers.Add(buffer);
                slots.Release();
            }
        }
    }

    private async Task SendAsync(ScenarioRequest request, long startTimestamp, byte[] buffer, RunRecorder recorder, CancellationToken cancellationToken)
    {
        long bytesOut = request.Body?.Length ?? 0;
        try
        {
            using HttpRequestMessage message = CreateMessage(request);
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(_timeout);
            using HttpResponseMessage response = await _invoker.SendAsync(message, timeout.Token);
            long bytesIn = 0;
            await using (Stream body = await response.Content.ReadAsStreamAsync(timeout.Token))
            {
                int read;
                while ((read = await body.ReadAsync(buffer, timeout.Token)) > 0)
                {
                    bytesIn += read;
                }
            }

            recorder.RecordResponse(Stopwatch.GetTimestamp() - startTimestamp, (int)response.StatusCode, bytesIn, bytesOut);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            // The run was stopped (Ctrl+C): not the server's failure.
        }
        catch (OperationCanceledException)
        {
            recorder.RecordFailure($"timeout after {_timeout.TotalSeconds:0.#} s", bytesOut);
        }
        catch (HttpRequestException e)
        {
            recorder.RecordFailure($"{e.HttpRequestError}: {e.Message}", bytesOut);
        }
    }

    private HttpRequestMessage CreateMessage(ScenarioRequest request)
    {
        var message = new HttpRequestMessage(request.Method, new Uri(_baseUri, request.PathAndQuery))
        {
            Version = HttpVersion.Version11,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        message.Headers.TryAddWithoutValidation("Accept", request.Accept);
        if (request.Body is not null)
        {
            message.Content = new ByteArrayContent(request.Body);
            message.Content.Headers.TryAddWithoutValidation("Content-Type", request.ContentType);
        }

        return message;
    }
}
