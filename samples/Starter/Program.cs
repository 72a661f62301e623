using Jsonable.AspNetCore.Http;
using Jsonable.AspNetCore.OpenApi;
using Jsonable.Samples.Starter;
using Microsoft.AspNetCore.Http.HttpResults;

// `dotnet new webapi` plus Jsonable: endpoints are written as for System.Text.Json (TypedResults, a plain Todo body, a
// controller); AddJsonable() runs the generated code for them, in JSON or, when the client asks, JMC1.
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers().AddJsonable();        // MVC: formatters for application/json and application/jsonc+jmc1
builder.Services.AddJsonable();                         // minimal APIs and the options both stacks share
builder.Services.AddOpenApi(options => options.AddJsonable()); // both media types, the real statuses, merge-patch schemas
builder.Services.AddSingleton<TodoStore>();

var app = builder.Build();
app.UseJsonable();                                      // a bad body is a 400 problem keyed by its JSON path; 406/413/415 too

if (app.Environment.IsDevelopment())
{
    app.MapOpenApi();                                   // /openapi/v1.json
}

var todos = app.MapGroup("/todos");

todos.MapGet("/", (TodoStore store) => TypedResults.Ok(store.List()));

todos.MapGet("/{id:int}", Results<Ok<Todo>, NotFound> (int id, TodoStore store) =>
    store.Find(id) is { } todo ? TypedResults.Ok(todo) : TypedResults.NotFound());

// A plain Todo body: JSON or JMC1, by Content-Type.
todos.MapPost("/", (Todo todo, TodoStore store) =>
{
    Todo created = store.Add(todo);
    return TypedResults.Created($"/todos/{created.Id}", created);
});

// An RFC 7396 merge patch (application/merge-patch+json, JSON or JMC1): only the members it names change.
todos.MapPatch("/{id:int}", Results<Ok<Todo>, NotFound> (int id, JsonablePatch<Todo> patch, TodoStore store) =>
    store.Patch(id, patch) is { } todo ? TypedResults.Ok(todo) : TypedResults.NotFound());

app.MapControllers();
app.Run();
