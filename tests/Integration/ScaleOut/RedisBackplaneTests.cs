using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.Integration.Tests.ScaleOut;

/// <summary>
/// The sample's hub with SignalR's Redis backplane (<c>ConnectionStrings:Redis</c>, docs/scale-out.md): two instances,
/// each with its own hub and connections, a client on each; what one instance sends to a group reaches the other's.
/// The process-level check (instances behind the proxy, one killed) is tests/Jsonable.ScaleOut.Check.
/// </summary>
public sealed class RedisBackplaneTests
{
    /// <summary>Fails a test that would otherwise hang; not a performance threshold.</summary>
    private static readonly TimeSpan s_hangGuard = TimeSpan.FromSeconds(60);

    [RedisFact]
    public async Task A_group_message_sent_on_one_instance_reaches_a_client_of_another()
    {
        using var guard = new CancellationTokenSource(s_hangGuard);
        string redis = RedisFactAttribute.ConnectionString
            ?? throw new InvalidOperationException($"{RedisFactAttribute.RequireVariable}=1 but {RedisFactAttribute.ConnectionVariable} is not set: "
                + $"start a server with `eval \"$(bash .ci/redis start)\"` (it sets {RedisFactAttribute.ConnectionVariable}).");
        await using var first = new RedisInstance(redis);
        await using var second = new RedisInstance(redis);
        await using HubConnection sender = Connect(first, jmc1: false);
        await using HubConnection receiver = Connect(second, jmc1: true);
        await sender.StartAsync(guard.Token);
        await receiver.StartAsync(guard.Token);

        var received = new TaskCompletionSource<(string Group, string Message)>(TaskCreationOptions.RunContinuationsAsynchronously);
        receiver.On<string, string, string>("GroupMessage", (group, message, _) => received.TrySetResult((group, message)));
        string name = $"backplane-{Guid.NewGuid():N}";
        await receiver.InvokeAsync("JoinGroup", name, guard.Token);
        // No connection of the sender's instance is in the group: only the backplane can deliver the message.
        await sender.InvokeAsync("SendToGroup", name, "moved \"x\": 1.5\n", guard.Token);

        Task finished = await Task.WhenAny(received.Task, Task.Delay(Timeout.Infinite, guard.Token));
        Assert.True(finished == received.Task, "The group message sent on one instance never reached the other's client: no Redis backplane?");
        Assert.Equal((name, "moved \"x\": 1.5\n"), await received.Task);
    }

    private static HubConnection Connect(RedisInstance instance, bool jmc1)
    {
        IHubConnectionBuilder builder = new HubConnectionBuilder().WithUrl(new Uri(instance.Server.BaseAddress, "hubs/transforms"), o =>
        {
            o.HttpMessageHandlerFactory = _ => instance.Server.CreateHandler();
            o.Transports = HttpTransportType.LongPolling;
        });
        // One client on each Jsonable protocol: the backplane carries the message serialized for every protocol.
        return (jmc1 ? builder.AddJsonableJmc1Protocol() : builder.AddJsonableProtocol()).Build();
    }

    /// <summary>One in-memory instance of the sample with the Redis backplane.</summary>
    private sealed class RedisInstance(string redis) : SampleApiFactory
    {
        protected override void ConfigureWebHost(IWebHostBuilder builder)
        {
            base.ConfigureWebHost(builder);
            builder.UseSetting("ConnectionStrings:Redis", redis);
        }
    }
}
