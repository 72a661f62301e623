using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;

namespace Jsonable.Integration.Tests;

/// <summary>The sample API in memory, with its own in-memory SQLite database per factory.</summary>
public sealed class SampleApiFactory : WebApplicationFactory<Program>
{
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Testing");
        builder.UseSetting("ConnectionStrings:Sample", $"Data Source=file:sample-{Guid.NewGuid():N}?mode=memory&cache=shared");
    }
}
