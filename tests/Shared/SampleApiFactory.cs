#nullable enable
using System;
using System.Net.Http;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Tests.Shared;

/// <summary>
/// The sample API in memory, with its own in-memory SQLite database per factory (so test classes never see each
/// other's writes). Linked as source into every test project that hosts the sample.
/// </summary>
public class SampleApiFactory : WebApplicationFactory<Program>
{
    /// <summary>The store the sample serves (to find ids that exist).</summary>
    public ISampleStore Store => Services.GetRequiredService<ISampleStore>();

    /// <summary>The id of the first stored status.</summary>
    public long FirstStatusId => Store.ListStatuses(1)[0].id;

    /// <summary>The id of the first stored event.</summary>
    public long FirstEventId => Store.ListEvents(1)[0].id;

    /// <summary>A copy of the first stored status (read back from its JSON, so changing it changes nothing stored).</summary>
    public Status CopyOfFirstStatus() => Status.CreateFromJson(Store.GetStatusJson(FirstStatusId));

    /// <summary>A copy of the first stored event.</summary>
    public CitmEvent CopyOfFirstEvent() => CitmEvent.CreateFromJson(Store.GetEventJson(FirstEventId));

    /// <summary>
    /// A client that sends request bodies as they are produced (the default client buffers them to replay on
    /// redirects, which also gives every body a Content-Length).
    /// </summary>
    public HttpClient CreateStreamingClient() => CreateClient(new WebApplicationFactoryClientOptions { AllowAutoRedirect = false, HandleCookies = false });

    /// <inheritdoc />
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        builder.UseEnvironment("Testing");
        builder.UseSetting("ConnectionStrings:Sample", $"Data Source=file:sample-{Guid.NewGuid():N}?mode=memory&cache=shared");
    }
}
