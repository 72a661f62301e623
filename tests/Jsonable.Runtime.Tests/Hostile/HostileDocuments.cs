#nullable enable
using System;
using System.Collections.Generic;
using System.IO;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>Valid documents that hostile-input tests cut, corrupt and mutate.</summary>
internal static class HostileDocuments
{
    private static readonly Lazy<byte[]> s_twitterJson = new(() => File.ReadAllBytes(JsonData.DataPath("twitter.json")));
    private static readonly Lazy<byte[]> s_twitterJmc1 = new(() => TwitterRoot.CreateFromJson(s_twitterJson.Value).ToJsonable().ToArray());

    private static readonly Lazy<TwitterRoot> s_twitterHead = new(() =>
    {
        TwitterRoot root = TwitterRoot.CreateFromJson(s_twitterJson.Value);
        root.statuses = root.statuses!.GetRange(0, 3);
        return root;
    });

    /// <summary>The first three statuses of twitter.json (retweets, entities, unicode, escapes) as JMC1: small enough to cut densely.</summary>
    public static byte[] TwitterHeadJmc1() => s_twitterHead.Value.ToJsonable().ToArray();

    /// <summary>The first three statuses of twitter.json as plain JSON.</summary>
    public static byte[] TwitterHeadJson() => JsonableSerializer.SerializeToUtf8Bytes(s_twitterHead.Value, JsonableFormat.Json);

    /// <summary>The original twitter.json.</summary>
    public static byte[] TwitterJson => s_twitterJson.Value;

    /// <summary>twitter.json read by Jsonable and written back as JMC1.</summary>
    public static byte[] TwitterJmc1 => s_twitterJmc1.Value;

    /// <summary>An order touching every kind of value: nested objects, arrays, lists, dictionaries, escapes, numbers, base64.</summary>
    public static Order CreateOrder() => new()
    {
        id = "ord-\"42\"\\\n\u00e9\U0001F600",
        count = 3,
        customer = -9_007_199_254_740_993,
        price = 1234.5e-3,
        discount = 0.25f,
        paid = true,
        note = null,
        codes = [0, -1, int.MaxValue],
        items =
        [
            new OrderItem { sku = "A\t1", count = 2, weights = [1.5, -0.0, 1e300], labels = ["x", "", "tab\there"] },
            new OrderItem { sku = "B/2", count = 0, weights = [], labels = null },
        ],
        tags = new Dictionary<string, int> { ["rush"] = 1, ["gift\"wrap"] = -7, [""] = 0 },
        byName = new Dictionary<string, OrderItem> { ["first"] = new OrderItem { sku = "F", count = 9 } },
        primary = new OrderItem { sku = "P", count = 1, weights = [2], labels = ["only"] },
        blob = [0, 1, 2, 250, 255],
    };

    /// <summary><see cref="CreateOrder"/> as JMC1.</summary>
    public static byte[] OrderJmc1() => CreateOrder().ToJsonable().ToArray();

    /// <summary><see cref="CreateOrder"/> as plain JSON.</summary>
    public static byte[] OrderJson() => JsonableSerializer.SerializeToUtf8Bytes(CreateOrder(), JsonableFormat.Json);
}
