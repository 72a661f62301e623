using Jsonable.AspNetCore;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// What every parity app does alike: the Jsonable flavour adds exactly the README's three lines (<c>AddJsonable()</c> on
/// MVC and on the services, <c>UseJsonable()</c> on the app) and nothing else, so the two flavours differ in nothing more.
/// </summary>
internal static class ParityHosting
{
    /// <summary>Builds the app, with the three Jsonable lines in the Jsonable flavour.</summary>
    public static WebApplication Build(WebApplicationBuilder builder, IMvcBuilder mvc, ParityFlavour flavour)
    {
        if (flavour == ParityFlavour.Jsonable)
        {
            mvc.AddJsonable();
            builder.Services.AddJsonable();
        }

        WebApplication app = builder.Build();
        if (flavour == ParityFlavour.Jsonable)
        {
            app.UseJsonable();
        }

        return app;
    }

    /// <summary>Starts the app, disposing it if it does not start.</summary>
    public static async Task<WebApplication> StartAsync(WebApplication app)
    {
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
