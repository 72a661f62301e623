using Jsonable.AspNetCore;
using Jsonable.Samples.WebApi.Endpoints;
using Jsonable.Samples.WebApi.Storage;

WebApplicationBuilder builder = WebApplication.CreateBuilder(args);

builder.Services.AddControllers(options => options.ReturnHttpNotAcceptable = true).AddJsonable();
builder.Services.AddProblemDetails();
builder.Services.AddEndpointsApiExplorer();
builder.Services.AddSwaggerGen();
builder.Services.AddSingleton<ISampleStore>(services => new SqliteSampleStore(
    builder.Configuration.GetConnectionString("Sample") ?? "Data Source=jsonable-sample.db",
    Path.Combine(AppContext.BaseDirectory, "data")));

builder.Services.AddSingleton<ITransformStore>(_ => new SqliteTransformStore(
    builder.Configuration.GetConnectionString("Sample") ?? "Data Source=jsonable-sample.db"));
builder.Services.Configure<JsonableOptions>(builder.Configuration.GetSection("Jsonable"));

WebApplication app = builder.Build();

app.UseJsonable();
app.UseStatusCodePages();
app.UseSwagger();
app.UseSwaggerUI();

app.MapGet("/", () => Results.Redirect("/swagger")).ExcludeFromDescription();
app.MapControllers();
app.MapJsonableMinimalApi();
app.MapTransformEndpoints();
app.MapStjBaseline();
app.MapPreSerializedBaseline();

app.Run();

/// <summary>The sample's entry point (public for WebApplicationFactory).</summary>
public partial class Program
{
}
