// Moves transform 1 of the sample API by PATCHing only its position, in JMC1, and prints it before and after; with
// "follow", keeps a local copy of it equal to the server's from its live feed of deltas (resumed after a reconnect from
// the last version it holds) and prints each change.
//   dotnet run --project samples/WebApi                                     (in one terminal)
//   dotnet run --project samples/Client -- http://localhost:5080           (in another)
//   dotnet run --project samples/Client -- http://localhost:5080 follow    (and PATCH it from elsewhere)
using System.Net.Http.Headers;
using Jsonable.Http;
using Jsonable.Samples.RealData;

var baseAddress = new Uri(args.Length > 0 ? args[0] : "http://localhost:5080");
using var client = new HttpClient { BaseAddress = baseAddress, Timeout = Timeout.InfiniteTimeSpan };
const string Url = "api/transforms/1";

try
{
    if (args.Length > 1 && args[1] == "follow")
    {
        var follower = new JsonableFeedFollower<Transform>();
        using var stop = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) => { e.Cancel = true; stop.Cancel(); };
        await follower.FollowAsync(client, "minimal/transforms/1/live", f => Console.WriteLine($"{f.Version}: {f.Current?.ToJson()}"), stop.Token);
        return 0;
    }

    // GET asks for JMC1 (the default format) and keeps the ETag, so the PATCH only applies to what we read.
    using HttpResponseMessage got = await client.GetJsonableAsync(Url);
    Transform transform = await got.ReadFromJsonableAsync<Transform>() ?? throw new InvalidOperationException("The server sent null.");
    EntityTagHeaderValue? etag = got.Headers.ETag;
    Console.WriteLine($"Before (ETag {etag}):");
    Console.WriteLine(transform.ToJson(prettyPrint: true));

    // Move it one unit along x. Only the position goes on the wire: the bytes of transform.ToJsonUtf8_Position.
    float[] position = transform.Position ?? [0, 0, 0];
    transform.Position = [position[0] + 1, position[1], position[2]];
    using HttpResponseMessage patched = await client.PatchAsJsonableAsync(Url, transform, nameof(Transform.Position), etag);
    Transform? after = await patched.ReadFromJsonableAsync<Transform>();

    Console.WriteLine($"After (ETag {patched.Headers.ETag}):");
    Console.WriteLine(after?.ToJson(prettyPrint: true));
    return 0;
}
catch (JsonableProblemException problem)
{
    // The server's problem details: 404 for a missing transform, 412 when someone else changed it since the GET, ...
    Console.Error.WriteLine(problem.Message);
    return 1;
}
catch (HttpRequestException unreachable)
{
    Console.Error.WriteLine($"Cannot reach {baseAddress}: {unreachable.Message}. Start the sample API first: dotnet run --project samples/WebApi");
    return 1;
}
