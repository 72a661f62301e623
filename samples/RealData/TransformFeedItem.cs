// Block-scoped namespace: these models also compile as C# 9 (tests/Jsonable.Mono.Tests, samples/UnityClient).
namespace Jsonable.Samples.RealData
{
    /// <summary>
    /// One item of a transform's version feed as a SignalR hub streams it (<c>TransformHub.Subscribe</c> in samples/WebApi):
    /// the same events as the server-sent feed, with the JSON as a string so that every SignalR client reads it.
    /// </summary>
    [ToJson, FromJson]
    public partial class TransformFeedItem
    {
        /// <summary>The version the receiver holds after applying the item.</summary>
        public long Version { get; set; }

        /// <summary>True: <see cref="Json"/> is the whole transform (the first item, or the log no longer held the version asked for); false: the merge patch from the version before.</summary>
        public bool Snapshot { get; set; }

        /// <summary>The transform or the merge patch, JSON text.</summary>
        public string Json { get; set; } = "";
    }
}
