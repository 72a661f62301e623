using Microsoft.AspNetCore.Mvc;

namespace Jsonable.Samples.Starter;

/// <summary>
/// The same todos through MVC: a controller is written as for System.Text.Json, and <c>AddControllers().AddJsonable()</c>
/// reads and writes <see cref="Todo"/> with the generated code, in JSON or JMC1.
/// </summary>
[ApiController]
[Route("api/todos")]
public sealed class TodosController(TodoStore store) : ControllerBase
{
    /// <summary>Every todo.</summary>
    [HttpGet]
    public List<Todo> List() => store.List();

    /// <summary>One todo.</summary>
    [HttpGet("{id:int}")]
    public ActionResult<Todo> Get(int id) => store.Find(id) is { } todo ? todo : NotFound();

    /// <summary>Replaces a todo with the body.</summary>
    [HttpPut("{id:int}")]
    [ProducesResponseType(StatusCodes.Status204NoContent)]
    [ProducesResponseType(StatusCodes.Status404NotFound)]
    public IActionResult Put(int id, Todo todo) => store.Replace(id, todo) ? NoContent() : NotFound();
}
