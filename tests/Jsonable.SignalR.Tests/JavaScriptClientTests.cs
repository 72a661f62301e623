using System.Text.Json;
using Jsonable.AspNetCore.SignalR;

namespace Jsonable.SignalR.Tests;

/// <summary>
/// The official JavaScript client (<c>@microsoft/signalr</c> from npm, run by node) against a hub on the Jsonable json
/// protocol. Needs node and <c>npm ci</c> in <c>js/</c>; skipped without them locally, failed in CI
/// (<c>JSONABLE_REQUIRE_NODE=1</c>, set by .ci/run).
/// </summary>
public sealed class JavaScriptClientTests
{
    [NodeTheory]
    [InlineData("WebSockets")]
    [InlineData("LongPolling")]
    public async Task The_javascript_client_works_unchanged(string transport)
    {
        await using HubHost host = await HubHost.StartAsync(static signalR => signalR.AddJsonableProtocol());
        using JsonDocument result = JsonDocument.Parse(await NodeScript.RunAsync("client.mjs", host.HubUrl, transport));
        JsonElement root = result.RootElement;
        JsonElement move = root.GetProperty("move");
        Assert.Equal("{\"name\":\"p\",\"x\":2.25,\"y\":-2,\"score\":10,\"alive\":false,\"items\":[1,2]}", move.GetRawText());
        Assert.Equal(2, root.GetProperty("count").GetInt32());
        Assert.Equal(["player-0", "player-1", "player-2"], root.GetProperty("follow").EnumerateArray().Select(e => e.GetProperty("name").GetString()));
        Assert.Equal("u1:1,u2:2", root.GetProperty("upload").GetString());
        Assert.Equal("An unexpected error occurred invoking 'Fail' on the server. HubException: no room red", root.GetProperty("fail").GetString());
        Assert.Equal("js:7", root.GetProperty("askClient").GetString());
        Assert.Equal(5, root.GetProperty("tick").GetProperty("tick").GetInt32());
    }
}
