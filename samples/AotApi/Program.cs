using System.Collections.Concurrent;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.AotApi;
using Microsoft.AspNetCore.Http.HttpResults;

// A Native AOT minimal-API app: no JSON options, no AddProblemDetails. Every response, errors included, is written
// without System.Text.Json reflection: bodies by the generated code, problem details by Jsonable's own context.
WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);
builder.WebHost.ConfigureKestrel(kestrel => kestrel.Limits.MaxRequestBodySize = builder.Configuration.GetValue<long?>("MaxRequestBodySize") ?? 64 * 1024);
builder.Services.AddJsonable();

WebApplication app = builder.Build();
app.UseJsonable();

var todos = new ConcurrentDictionary<int, Todo>();
todos[1] = new Todo { Id = 1, Title = "Walk the dog", DueBy = new DateOnly(2025, 1, 2), Tags = ["home"] };
todos[2] = new Todo { Id = 2, Title = "Publish with Native AOT", IsComplete = true };

RouteGroupBuilder api = app.MapGroup("/todos");
api.MapGet("/", () => JsonableResults.Ok(todos.Values.OrderBy(t => t.Id).ToList()));
api.MapGet("/{id:int}", Results<JsonableResult<Todo>, NotFound> (int id) =>
    todos.TryGetValue(id, out Todo? todo) ? JsonableResults.Ok(todo) : TypedResults.NotFound());
api.MapPost("/", (JsonableBody<Todo> body) =>
{
    todos[body.Value.Id] = body.Value;
    return JsonableResults.Created($"/todos/{body.Value.Id}", body.Value);
});

// PATCH (partial updates): to be added here once Jsonable's PATCH convention lands, and smoke-tested by .ci/run.

app.Run();
