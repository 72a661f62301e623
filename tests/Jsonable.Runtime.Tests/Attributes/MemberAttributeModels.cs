using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Attributes;

/// <summary>Fields: only those marked [JsonInclude] are serialized, as STJ (whose web defaults leave IncludeFields off).</summary>
[ToJson, FromJson]
public partial class FieldModel
{
    [JsonInclude]
    public int Count;

    /// <summary>Not marked: neither written nor read.</summary>
    public int NotIncluded;

    [JsonInclude]
    [JsonPropertyName("label")]
    private string? _name;

    /// <summary>Written, and (being readonly) never read.</summary>
    [JsonInclude]
    public readonly int Fixed = 5;

    [JsonInclude]
    [JsonIgnore]
    public int Hidden;

    [JsonInclude]
    [JsonPropertyOrder(-1)]
    public double First;

    public int Property { get; set; }

    public string? GetName() => _name;

    public void SetName(string? name) => _name = name;
}

/// <summary>A required field.</summary>
[ToJson, FromJson]
public partial class RequiredFieldModel
{
    [JsonInclude]
    [JsonRequired]
    public int Needed;

    [JsonInclude]
    public int Optional;
}

/// <summary>.NET 9's one-way ignore conditions.</summary>
[ToJson, FromJson]
public partial class OneWayModel
{
    /// <summary>Read (a password sent in), never written back.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWriting)]
    public string? Secret { get; set; }

    /// <summary>Written (a server-computed value), never read from a client.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenReading)]
    public int Computed { get; set; }

    public string? Name { get; set; }
}

/// <summary>Unknown members are an error for this type only.</summary>
[ToJson, FromJson]
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
public partial class ClosedModel
{
    public int Id { get; set; }

    /// <summary>Known to STJ though never read: its name is not an unknown member.</summary>
    [JsonIgnore]
    public int Secret { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenReading)]
    [JsonPropertyName("computed_value")]
    public int Computed { get; set; }

    public int Twice => Id * 2;

    public OpenModel? Inner { get; set; }
}

/// <summary>Skips unknown members (the default, also when written out).</summary>
[ToJson, FromJson]
[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Skip)]
public partial class OpenModel
{
    public int Id { get; set; }
}

[JsonConverter(typeof(JsonStringEnumConverter<Shade>))]
public enum Shade
{
    [JsonStringEnumMemberName("light-gray")]
    LightGray,
    Dark,
}

/// <summary>An enum with renamed members.</summary>
[ToJson, FromJson]
public partial class ShadeModel
{
    public Shade Shade { get; set; }

    public Shade[]? All { get; set; }
}
