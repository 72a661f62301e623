using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Http.Tests.Infrastructure;

/// <summary>The sample API in memory, with its own in-memory SQLite database per factory.</summary>
public sealed class SampleFactory : WebApplicationFactory<Program>
{
    /// <summary>The store the sample serves (to find ids that exist).</summary>
    public ISampleStore Store => Services.GetRequiredService<ISampleStore>();

    /// <summary>A client whose every exchange is recorded (what went on the wire, what came back).</summary>
    public (HttpClient Client, WireRecorder Wire) CreateRecordingClient()
    {
        var recorder = new WireRecorder();
        return (CreateDefaultClient(recorder), recorder);
    }

    /// <inheritdoc />
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Testing");
        builder.UseSetting("ConnectionStrings:Sample", $"Data Source=file:client-{Guid.NewGuid():N}?mode=memory&cache=shared");
    }
}
