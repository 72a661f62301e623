using System.Diagnostics;
using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.ScaleOut.Check;

/// <summary>A group message sent by a client of one instance reaches a client of another: the Redis backplane.</summary>
internal static class Broadcast
{
    public static async Task<List<string>> CheckAsync(Uri senderInstance, Uri receiverInstance, CancellationToken ct)
    {
        var failures = new List<string>();
        // Straight to each instance, not through the proxy: the two clients are sure to be on different instances.
        await using HubConnection sender = Connect(senderInstance);
        await using HubConnection receiver = Connect(receiverInstance);
        await Task.WhenAll(sender.StartAsync(ct), receiver.StartAsync(ct));
        string from = await sender.InvokeAsync<string>("Instance", ct);
        string to = await receiver.InvokeAsync<string>("Instance", ct);
        if (from == to)
        {
            failures.Add($"broadcast: {senderInstance} and {receiverInstance} are the same instance ({from})");
        }

        var received = new TaskCompletionSource<(string Group, string Message, string Instance)>(TaskCreationOptions.RunContinuationsAsynchronously);
        receiver.On<string, string, string>("GroupMessage", (group, message, instance) => received.TrySetResult((group, message, instance)));
        string name = $"fault-check-{Guid.NewGuid():N}";
        await receiver.InvokeAsync("JoinGroup", name, ct);
        var clock = Stopwatch.StartNew();
        await sender.InvokeAsync("SendToGroup", name, $"hello from {from}", ct);
        if (await Task.WhenAny(received.Task, Task.Delay(TimeSpan.FromSeconds(10), ct)) != received.Task)
        {
            failures.Add($"broadcast: a group message sent on {from} did not reach the group's client on {to} within 10 s "
                + "(no Redis backplane? the instances need ConnectionStrings:Redis, which samples/scale-out.sh sets unless --no-redis)");
            return failures;
        }

        (string group, string message, string instance) = received.Task.Result;
        if (group != name || message != $"hello from {from}" || instance != from)
        {
            failures.Add($"broadcast: received ({group}, {message}, {instance}), sent ({name}, hello from {from}, {from})");
        }

        Console.WriteLine($"fault-check: broadcast: a group message sent on instance {from} reached a client of instance {to} "
            + $"in {clock.Elapsed.TotalMilliseconds:0} ms (invoke included)");
        return failures;
    }

    private static HubConnection Connect(Uri instance) => new HubConnectionBuilder()
        .WithUrl(new Uri(instance, "hubs/transforms"), o =>
        {
            o.Transports = HttpTransportType.WebSockets;
            o.SkipNegotiation = true;
        })
        .AddJsonableProtocol()
        .Build();
}
