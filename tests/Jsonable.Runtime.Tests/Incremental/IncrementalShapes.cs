using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Incremental;

/// <summary>Every collection shape read element by element, beside members read whole and unknown members kept.</summary>
[ToJson, FromJson]
public partial class IncrementalShapes
{
    public int[]? Numbers { get; set; }

    public HashSet<string>? Tags { get; set; }

    public IReadOnlyList<Status>? Items { get; init; }

    public Dictionary<int, string>? ByNumber { get; set; }

    public IReadOnlyDictionary<string, int[]>? Nested { get; set; }

    public string? Name { get; set; }

    public SearchMetadata? Metadata { get; set; }

    [JsonExtensionData]
    public Dictionary<string, JsonElement>? Extra { get; set; }
}

/// <summary>Unknown members are an error.</summary>
[ToJson, FromJson]
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
public partial class StrictShapes
{
    public List<int>? Values { get; set; }

    public string? Name { get; set; }
}
