using System;
using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Runtime.Tests.Polymorphism;

namespace Jsonable.Runtime.Tests.Streams;

// Every member shape the synchronous writer handles, in types that hold collections, so that the generated
// asynchronous writer writes them too: its bytes must be the synchronous writer's (AsyncWriterTests).

public enum AsyncColor
{
    Red,
    Green,
    Blue,
}

[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.SnakeCaseLower)]
public partial class AsyncShapes
{
    // Left out when null before anything was written: the first name goes out without its comma only at run time.
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public List<int>? MaybeFirst { get; set; }

    public int Id { get; set; }

    [JsonPropertyName("Display Name")]
    public string? Name { get; set; }

    public int? Rank { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public long Score { get; set; }

    public AsyncColor Color { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter<AsyncColor>))]
    public AsyncColor NamedColor { get; set; }

    public DateTimeOffset At { get; set; }

    public Guid Key { get; set; }

    public byte[]? Blob { get; set; }

    public int[]? Numbers { get; set; }

    public List<string?>? Words { get; set; }

    public List<List<int>>? Grid { get; set; }

    public HashSet<string>? Tags { get; set; }

    public IEnumerable<AsyncLeaf>? Lazy { get; set; }

    public IReadOnlyList<AsyncLeaf>? ReadOnlyLeaves { get; set; }

    public Dictionary<string, AsyncLeaf>? ByName { get; set; }

    public Dictionary<int, string>? ByNumber { get; set; }

    public Dictionary<AsyncColor, int>? ByColor { get; set; }

    public IReadOnlyDictionary<Guid, int[]>? ByKey { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public Dictionary<string, string>? MaybeMap { get; set; }

    public AsyncBranch? Branch { get; set; }

    public AsyncBranchStruct Inline { get; set; }

    public AsyncLeaf? Leaf { get; set; }

    public Shape? Polymorphic { get; set; }

    public List<Shape>? Shapes { get; set; }

    public Group? Group { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public AsyncBranch? MaybeBranch { get; set; }

    [JsonExtensionData]
    public Dictionary<string, JsonElement>? Extra { get; set; }
}

[ToJson, FromJson]
public partial class AsyncLeaf
{
    public string Text { get; set; } = "";

    public double Weight { get; set; }
}

/// <summary>An object member that holds a collection: entered asynchronously, not written whole.</summary>
[ToJson, FromJson]
public partial class AsyncBranch
{
    public string? Label { get; set; }

    public List<AsyncLeaf>? Leaves { get; set; }

    public AsyncBranch? Next { get; set; }
}

[ToJson, FromJson]
public partial struct AsyncBranchStruct
{
    public int Size { get; set; }

    public List<AsyncLeaf>? Leaves { get; set; }
}

/// <summary>Only conditional members: nothing may be written at all, and the last one is a collection.</summary>
[ToJson, FromJson]
public partial class AsyncSparse
{
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Note { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public List<int>? Values { get; set; }
}
