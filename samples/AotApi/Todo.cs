using System.Text.Json.Serialization;

namespace Jsonable.Samples.AotApi;

/// <summary>The sample's one resource: Jsonable generates its JSON and JMC1 reader and writer at compile time.</summary>
[ToJson, FromJson]
public partial class Todo
{
    /// <summary>The todo's id.</summary>
    public int Id { get; set; }

    /// <summary>What to do.</summary>
    public string? Title { get; set; }

    /// <summary>When it is due, if ever.</summary>
    public DateOnly? DueBy { get; set; }

    /// <summary>Whether it is done.</summary>
    public bool IsComplete { get; set; }

    /// <summary>Free-form labels.</summary>
    public List<string>? Tags { get; set; }
}
