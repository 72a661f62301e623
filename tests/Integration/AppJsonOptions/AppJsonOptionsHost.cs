extern alias AotApi;

using System.Collections.Concurrent;
using System.Text.Json;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Todo = AotApi::Jsonable.Samples.AotApi.Todo;

namespace Jsonable.Integration.Tests.AppJsonOptions;

/// <summary>Which JSON options an app sets: MVC's (<c>AddJsonOptions</c>) or minimal APIs' (<c>ConfigureHttpJsonOptions</c>).</summary>
public enum AppStack
{
    /// <summary>Controllers, with <c>AddControllers().AddJsonOptions(...)</c>.</summary>
    Mvc,

    /// <summary>Minimal APIs, with <c>ConfigureHttpJsonOptions(...)</c>.</summary>
    Minimal,
}

/// <summary>
/// A small app started in the test, the way a user's starts: JSON options set on one stack, Jsonable added. It serves
/// <c>POST /todos</c> (a Jsonable type, echoed) and <c>POST /stj/todos</c> (the same shape served by System.Text.Json),
/// so a test can compare what a client sees from each.
/// </summary>
internal static class AppJsonOptionsHost
{
    /// <summary>Builds and starts the app; a failed start disposes it and rethrows.</summary>
    public static async Task<WebApplication> StartAsync(
        AppStack stack,
        Action<JsonSerializerOptions>? configureJson = null,
        Action<JsonableOptions>? configureJsonable = null,
        Action<Microsoft.AspNetCore.Mvc.JsonOptions>? configureMvc = null,
        Action<Microsoft.AspNetCore.Http.Json.JsonOptions>? configureHttp = null,
        ILoggerProvider? logs = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Logging.ClearProviders();
        if (logs is not null)
        {
            builder.Logging.AddProvider(logs);
        }

        if (stack == AppStack.Mvc)
        {
            builder.Services.AddControllers()
                .AddApplicationPart(typeof(AppJsonOptionsTodosController).Assembly)
                .AddJsonOptions(options =>
                {
                    configureJson?.Invoke(options.JsonSerializerOptions);
                    configureMvc?.Invoke(options);
                })
                .AddJsonable(configureJsonable);
        }
        else
        {
            builder.Services.ConfigureHttpJsonOptions(options => configureJson?.Invoke(options.SerializerOptions));
            builder.Services.AddJsonable(configureJsonable);
        }

        if (configureHttp is not null)
        {
            builder.Services.ConfigureHttpJsonOptions(configureHttp);
        }

        WebApplication app = builder.Build();
        app.UseJsonable();
        if (stack == AppStack.Mvc)
        {
            app.MapControllers();
        }
        else
        {
            app.MapPost("/todos", (JsonableBody<Todo> body) => JsonableResults.Ok(body.Value));
            app.MapPost("/stj/todos", (StjTodo todo) => TypedResults.Ok(todo));
            app.MapPost("/plain/todos", (Todo todo) => TypedResults.Ok(todo)); // a plain T: System.Text.Json through Jsonable's resolver
        }

        try
        {
            await app.StartAsync();
            return app;
        }
        catch
        {
            await app.DisposeAsync();
            throw;
        }
    }
}

/// <summary>The AOT sample's <c>Todo</c> shape, served by System.Text.Json: the reference for what a client should see.</summary>
public sealed class StjTodo
{
    public int Id { get; set; }

    public string? Title { get; set; }

    public DateOnly? DueBy { get; set; }

    public bool IsComplete { get; set; }

    public List<string>? Tags { get; set; }
}

/// <summary>The MVC side of <see cref="AppJsonOptionsHost"/>: the same two routes as controller actions.</summary>
[ApiController]
public sealed class AppJsonOptionsTodosController : ControllerBase
{
    [HttpPost("/todos")]
    public ActionResult<Todo> Post(Todo todo) => todo;

    [HttpPost("/stj/todos")]
    public ActionResult<StjTodo> PostStj(StjTodo todo) => todo;
}
