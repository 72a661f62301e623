using Jsonable.AspNetCore.Http;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Samples.AotApi;
using Microsoft.AspNetCore.Http.HttpResults;

// A Native AOT minimal-API app: no JSON options, no AddProblemDetails. Every response, errors included, is written
// without System.Text.Json reflection: bodies by the generated code, problem details by Jsonable's own context.
WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);
builder.WebHost.ConfigureKestrel(kestrel => kestrel.Limits.MaxRequestBodySize = builder.Configuration.GetValue<long?>("MaxRequestBodySize") ?? 64 * 1024);

// This sample only takes a PATCH based on a version the client has seen: without If-Match it is 428, with a stale tag 412.
// It answers 406 to an Accept that allows neither JSON nor JMC1 (by default such a client gets JSON, as from STJ).
builder.Services.AddJsonable(options =>
{
    options.RequireIfMatchForPatch = true;
    options.ReturnHttpNotAcceptable = true;
});

// A SignalR hub whose Todo values the generated code reads and writes, in SignalR's json protocol and in the binary
// jmc1 one; the other values (an int, a string) need the source-generated context Native AOT asks of every SignalR app.
builder.Services.AddSignalR()
    .AddJsonableProtocol(options => options.PayloadSerializerOptions.TypeInfoResolverChain.Add(HubPayloadContext.Default))
    .AddJsonableJmc1Protocol(options => options.PayloadSerializerOptions.TypeInfoResolverChain.Add(HubPayloadContext.Default));
builder.Services.AddSingleton<TodoStore>();

WebApplication app = builder.Build();
app.UseJsonable();
app.MapHub<TodoHub>("/hub");

TodoStore todos = app.Services.GetRequiredService<TodoStore>();
todos.Put(new Todo { Id = 1, Title = "Walk the dog", DueBy = new DateOnly(2025, 1, 2), Tags = ["home"] });
todos.Put(new Todo { Id = 2, Title = "Publish with Native AOT", IsComplete = true });

RouteGroupBuilder api = app.MapGroup("/todos");
api.MapGet("/", () => JsonableResults.Ok(todos.List()));
api.MapGet("/{id:int}", Results<JsonableResult<Todo>, NotFound> (int id, HttpContext context) =>
{
    if (todos.Get(id) is not { } stored)
    {
        return TypedResults.NotFound();
    }

    context.Response.Headers.ETag = stored.ETag;
    return JsonableResults.Ok(stored.Value);
});
api.MapPost("/", (JsonableBody<Todo> body, HttpContext context) =>
{
    StoredTodo stored = todos.Put(body.Value);
    context.Response.Headers.ETag = stored.ETag;
    return JsonableResults.Created($"/todos/{stored.Value.Id}", stored.Value);
});

// A closed generic (Paged<Todo>, named by [JsonableType] in Paged.cs) and a root dictionary keyed by id, both ways.
api.MapGet("/page", (int? offset, int? limit) =>
{
    List<Todo> all = todos.List();
    return JsonableResults.Ok(new Paged<Todo> { Items = all.Skip(Math.Max(offset ?? 0, 0)).Take(Math.Clamp(limit ?? 10, 1, 100)).ToList(), Total = all.Count });
});
api.MapGet("/by-id", () => JsonableResults.Ok(todos.List().ToDictionary(todo => todo.Id)));
api.MapPost("/by-id", (JsonableBody<Dictionary<int, Todo>> body) =>
{
    foreach ((int id, Todo todo) in body.Value)
    {
        todo.Id = id;
        todos.Put(todo);
    }

    return JsonableResults.Ok(todos.List().ToDictionary(todo => todo.Id));
});

// PATCH: a merge patch (application/merge-patch+json or application/json) or a JMC1 patch; checked against Todo when
// bound (an unknown or mistyped member is a 400 naming its path), then applied under the store's lock after If-Match.
api.MapPatch("/{id:int}", Results<JsonableResult<Todo>, NotFound> (int id, JsonablePatch<Todo> patch, HttpContext context) =>
{
    StoredTodo? updated = todos.Update(id, (current, copy) =>
    {
        patch.CheckIfMatch(current.ETag);
        patch.ApplyTo(copy);
    });
    if (updated is null)
    {
        return TypedResults.NotFound();
    }

    context.Response.Headers.ETag = updated.ETag;
    return JsonableResults.Ok(updated.Value);
});

app.Run();
