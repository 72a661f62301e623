using System.Net;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>
/// The sample on real Kestrel (loopback, a free port) with a request body limit of <see cref="BodyLimit"/> bytes and
/// an item limit of <see cref="ItemLimit"/>, so streamed bodies cross a real socket in whatever pieces TCP makes.
/// </summary>
public sealed class KestrelSampleFactory : SampleApiFactory
{
    /// <summary>Kestrel's <c>MaxRequestBodySize</c> here.</summary>
    public const long BodyLimit = 4_000_000;

    /// <summary><c>JsonableOptions.MaxStreamItemBytes</c> here.</summary>
    public const int ItemLimit = 40_000;

    private Uri? _address;

    public KestrelSampleFactory() => UseKestrel(options => options.Listen(IPAddress.Loopback, 0));

    /// <summary>A client of the real server that sends request bodies as they are written.</summary>
    public HttpClient CreateKestrelClient()
    {
        if (_address is null)
        {
            StartServer();
            string address = Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
            _address = new Uri(address);
        }

        return new HttpClient { BaseAddress = _address };
    }

    /// <inheritdoc />
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        base.ConfigureWebHost(builder);
        builder.UseSetting("Jsonable:MaxStreamItemBytes", ItemLimit.ToString(System.Globalization.CultureInfo.InvariantCulture));
        builder.ConfigureServices(services => services.Configure<KestrelServerOptions>(options => options.Limits.MaxRequestBodySize = BodyLimit));
    }
}
