using System.Globalization;
using System.Net.ServerSentEvents;
using System.Runtime.CompilerServices;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Feeds;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Jsonable.Samples.WebApi.Endpoints;

/// <summary>
/// Live state: a transform's changes pushed as server-sent events as they happen (the generated merge patch of each
/// version, resumable from the version log), and the System.Text.Json baseline of the same changes for the load tests.
/// </summary>
public static class TransformLiveEndpoints
{
    /// <summary>
    /// Adds the change feed and makes the transform store publish every write to it, this process's writes as they are
    /// made and, when the store is shared (<see cref="ISharedTransformStore"/>), the other instances' writes it hears of.
    /// </summary>
    public static IServiceCollection AddTransformChangeFeed(this IServiceCollection services)
    {
        services.AddSingleton<TransformChangeFeed>();
        services.AddSingleton(s => new TransformVersionLog(() => s.GetRequiredService<ITransformStore>()));
        ServiceDescriptor store = services.Last(d => d.ServiceType == typeof(ITransformStore));
        services.Remove(store);
        services.AddSingleton<ITransformStore>(s =>
        {
            var inner = (ITransformStore)store.ImplementationFactory!(s);
            var feed = s.GetRequiredService<TransformChangeFeed>();
            var log = s.GetRequiredService<TransformVersionLog>();
            if (inner is ISharedTransformStore shared)
            {
                shared.WrittenElsewhere += written =>
                {
                    log.WrittenElsewhere(written);
                    feed.WrittenElsewhere(written, inner.Get);
                };
            }

            return new PublishingTransformStore(inner, feed, log);
        });
        return services;
    }

    /// <summary>Maps <c>GET /minimal/transforms/{id}/live</c> and <c>GET /stj/transforms/{id}/live</c>.</summary>
    public static IEndpointRouteBuilder MapTransformLiveEndpoints(this IEndpointRouteBuilder app)
    {
        // The version feed (docs/realtime.md#deltas-addressed-by-version): "id:" the version; a "snapshot" event (the
        // whole transform) first unless Last-Event-ID (or ?fromVersion=) names a version the log still holds, then one
        // "patch" event (the merge patch) per version. Jsonable.Http's JsonableFeedFollower keeps a copy across reconnects.
        app.MapGet("/minimal/transforms/{id:long}/live", Results<JsonableServerSentEventsResult<ReadOnlyMemory<byte>>, NotFound> (long id, TransformVersionLog log, ITransformStore store, HttpRequest request) =>
            store.Get(id) is not null
                ? JsonableVersionFeed.ServerSentEvents(log, id.ToString(CultureInfo.InvariantCulture), request)
                : TypedResults.NotFound())
            .WithName("MinimalFollowTransform")
            .WithTags("Live state")
            .Produces<Transform>(StatusCodes.Status200OK, JsonableMediaTypes.EventStream);

        // The baseline: what System.Text.Json offers for the same feed, TypedResults.ServerSentEvents of the whole
        // transform per change (STJ writes no deltas), serialized for each subscriber.
        app.MapGet("/stj/transforms/{id:long}/live", Results<ServerSentEventsResult<Transform>, NotFound> (long id, TransformChangeFeed feed, ITransformStore store) =>
            feed.Subscribe(id, store.Get) is { } changes
                ? TypedResults.ServerSentEvents(AsWholeStates(changes))
                : TypedResults.NotFound())
            .WithName("StjFollowTransform")
            .WithTags("Live state");

        return app;
    }

    private static async IAsyncEnumerable<SseItem<Transform>> AsWholeStates(IAsyncEnumerable<TransformChange> changes, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (TransformChange change in changes.WithCancellation(cancellationToken))
        {
            yield return new SseItem<Transform>(change.State.Value, "state") { EventId = change.State.ETag };
        }
    }
}
