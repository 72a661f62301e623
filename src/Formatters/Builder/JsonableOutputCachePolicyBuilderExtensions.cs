using System.Collections.Generic;
using Jsonable.AspNetCore.Internal;

namespace Microsoft.AspNetCore.OutputCaching;

/// <summary>Output caching for Jsonable responses, whose body depends on the request's <c>Accept</c> header.</summary>
public static class JsonableOutputCachePolicyBuilderExtensions
{
    /// <summary>The key under which the negotiated format is added to the cache key.</summary>
    private const string VaryKey = "jsonable-format";

    /// <summary>
    /// Adds the negotiated response format (JSON, JMC1, or none for a 406) to the output-cache key. The default key
    /// ignores <c>Accept</c>, so without this a cached JSON body would be served to a client that asked for JMC1 and
    /// the other way round. Use it on an endpoint (<c>.CacheOutput(p =&gt; p.VaryByJsonableFormat())</c>) or in a named
    /// or base policy (<c>options.AddBasePolicy(p =&gt; p.VaryByJsonableFormat())</c>). The format is worked out the way
    /// the response will be, <c>?format=</c> included, and cached for the rest of the request.
    /// </summary>
    /// <param name="builder">The policy builder.</param>
    /// <returns><paramref name="builder"/>, for chaining.</returns>
    public static OutputCachePolicyBuilder VaryByJsonableFormat(this OutputCachePolicyBuilder builder) =>
        builder.VaryByValue(static context =>
            new KeyValuePair<string, string>(VaryKey, JsonableRequestFeature.Of(context).SelectResponseFormat(out string mediaType) is null ? "none" : mediaType));
}
