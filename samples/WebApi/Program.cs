using Jsonable.AspNetCore;
using Jsonable.AspNetCore.SignalR;
#if !SWASHBUCKLE11
using Jsonable.AspNetCore.OpenApi;
#endif
using Jsonable.AspNetCore.Swashbuckle;
using Jsonable.Samples.WebApi.Endpoints;
using Jsonable.Samples.WebApi.Hubs;
using Jsonable.Samples.WebApi.Storage;

WebApplicationBuilder builder = WebApplication.CreateBuilder(args);

builder.Services.AddControllers(options => options.ReturnHttpNotAcceptable = true).AddJsonable();
builder.Services.AddProblemDetails();
builder.Services.AddEndpointsApiExplorer();
// Both OpenAPI generators, each with Jsonable's rules: Swashbuckle at /swagger/v1/swagger.json (Swagger UI reads it),
// Microsoft.AspNetCore.OpenApi at /openapi/v1.json. XML docs give the summaries. The same sample built as
// samples/WebApi.Swashbuckle11 serves Swashbuckle 11's document alone (Microsoft.AspNetCore.OpenApi 10 cannot sit
// beside Swashbuckle 11: they need different Microsoft.OpenApi majors).
string xmlDocs = Path.Combine(AppContext.BaseDirectory, typeof(Program).Assembly.GetName().Name + ".xml");
builder.Services.AddSwaggerGen(options =>
{
    options.AddJsonable();
    options.IncludeXmlComments(xmlDocs, includeControllerXmlComments: true);
});
#if !SWASHBUCKLE11
builder.Services.AddOpenApi(options => options.AddJsonable());
#endif
// SQLite by default; `--store postgres` (or a ConnectionStrings:Postgres) for several instances on one database.
builder.Services.AddSampleStores();
// Every transform write is also pushed to the subscribers of /minimal/transforms/{id}/live (docs/streams-writing.md).
builder.Services.AddTransformChangeFeed();
// The same feed as a SignalR stream (Hubs/TransformHub.cs), in SignalR's JSON protocol and the binary jmc1 one.
Microsoft.AspNetCore.SignalR.ISignalRServerBuilder signalR = builder.Services.AddSignalR().AddJsonableProtocol().AddJsonableJmc1Protocol();
// Several instances: with a ConnectionStrings:Redis (ConnectionStrings__Redis, e.g. "127.0.0.1:6379"), hub messages to
// groups and to all clients go through Redis and reach the clients of every instance (docs/scale-out.md). Without it,
// nothing to install: each instance's hub reaches its own clients only.
if (builder.Configuration.GetConnectionString("Redis") is { Length: > 0 } redis)
{
    signalR.AddStackExchangeRedis(redis, options => options.Configuration.ChannelPrefix = StackExchange.Redis.RedisChannel.Literal("jsonable-sample"));
}
builder.Services.Configure<JsonableOptions>(builder.Configuration.GetSection("Jsonable"));
// 406 for an Accept nothing satisfies on the minimal group too, as ReturnHttpNotAcceptable does for the controllers
// (without either, both stacks answer JSON, as System.Text.Json does).
builder.Services.Configure<JsonableOptions>(options => options.ReturnHttpNotAcceptable = true);

WebApplication app = builder.Build();

app.UseJsonable();
app.UseStatusCodePages();
app.UseSwagger();
// The same document as OpenAPI 3.1 (Swashbuckle's opt-in), for clients and linters that read 3.1.
app.UseSwagger(options =>
{
    options.RouteTemplate = "swagger/{documentName}/swagger-3.1.json";
    options.OpenApiVersion = Microsoft.OpenApi.OpenApiSpecVersion.OpenApi3_1;
});
app.UseSwaggerUI(options => options.EnableJsonable());
#if !SWASHBUCKLE11
app.MapOpenApi();
#endif

app.MapGet("/", () => Results.Redirect("/swagger")).ExcludeFromDescription();
app.MapControllers();
app.MapJsonableMinimalApi();
app.MapPlainMinimalApi();
app.MapTransformEndpoints();
app.MapTransformLiveEndpoints();
app.MapHub<TransformHub>("/hubs/transforms");
app.MapStjBaseline();
app.MapStreamIngest();
app.MapPreSerializedBaseline();

app.Run();

/// <summary>The sample's entry point (public for WebApplicationFactory).</summary>
public partial class Program
{
}
