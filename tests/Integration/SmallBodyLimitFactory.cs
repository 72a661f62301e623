using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests;

/// <summary>
/// The sample with a request body limit of <see cref="Limit"/> bytes, set through
/// <see cref="IHttpMaxRequestBodySizeFeature"/> as Kestrel's <c>MaxRequestBodySize</c> would (TestServer has no limit
/// of its own, so a first middleware provides the feature).
/// </summary>
public class SmallBodyLimitFactory : SampleApiFactory
{
    /// <summary>The request body limit, in bytes.</summary>
    public const long Limit = 1000;

    /// <summary>The limit this factory sets (<see cref="Limit"/> unless a derived factory says otherwise).</summary>
    public virtual long BodyLimit => Limit;

    /// <inheritdoc />
    protected override void ConfigureWebHost(IWebHostBuilder builder)
    {
        base.ConfigureWebHost(builder);
        builder.ConfigureServices(services => services.AddTransient<IStartupFilter>(_ => new BodyLimitStartupFilter(BodyLimit)));
    }

    private sealed class BodyLimitStartupFilter(long limit) : IStartupFilter
    {
        public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
        {
            app.Use((context, nextMiddleware) =>
            {
                IHttpMaxRequestBodySizeFeature? feature = context.Features.Get<IHttpMaxRequestBodySizeFeature>();
                if (feature is null || feature.IsReadOnly)
                {
                    context.Features.Set<IHttpMaxRequestBodySizeFeature>(new FixedLimit { MaxRequestBodySize = limit });
                }
                else
                {
                    feature.MaxRequestBodySize = limit;
                }

                return nextMiddleware(context);
            });
            next(app);
        };
    }

    private sealed class FixedLimit : IHttpMaxRequestBodySizeFeature
    {
        public bool IsReadOnly => false;

        public long? MaxRequestBodySize { get; set; }
    }
}
