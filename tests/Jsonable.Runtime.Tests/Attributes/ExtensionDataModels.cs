using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Attributes;

/// <summary>Unknown members kept in a [JsonExtensionData] dictionary and written back after the type's own.</summary>
[ToJson, FromJson]
public partial class ExtensibleModel
{
    public int Id { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Name { get; set; }

    [JsonExtensionData]
    public Dictionary<string, JsonElement>? Extra { get; set; }
}

/// <summary>The same, read through a constructor (every value into a local first).</summary>
[ToJson, FromJson]
public partial record ExtensibleRecord(int Id)
{
    [JsonExtensionData]
    public Dictionary<string, JsonElement>? Extra { get; set; }
}
