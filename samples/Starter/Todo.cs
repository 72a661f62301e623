using System.ComponentModel.DataAnnotations;

namespace Jsonable.Samples.Starter;

/// <summary>A thing to do. Jsonable generates its JSON and JMC1 reader and writer at compile time.</summary>
[ToJson, FromJson]
public partial class Todo
{
    /// <summary>Set by the server when the todo is created; a PATCH that names it is a 400.</summary>
    [Editable(false)]
    public int Id { get; set; }

    /// <summary>What to do.</summary>
    public string Title { get; set; } = "";

    /// <summary>When it is due, if ever.</summary>
    public DateOnly? DueBy { get; set; }

    /// <summary>Whether it is done.</summary>
    public bool IsComplete { get; set; }

    /// <summary>Free-form labels.</summary>
    public List<string>? Tags { get; set; }
}
