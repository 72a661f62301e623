using System;
using Jsonable.AspNetCore.SignalR.Internal;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace Jsonable.AspNetCore.SignalR;

/// <summary>
/// Hub protocols for Jsonable types on a SignalR server (<c>services.AddSignalR()</c>) or client
/// (<c>new HubConnectionBuilder()</c>): both are an <see cref="ISignalRBuilder"/>.
/// </summary>
public static class JsonableSignalRBuilderExtensions
{
    /// <summary>
    /// Registers the <c>json</c> hub protocol with the arguments, results and stream items of Jsonable types read and
    /// written by their generated code. The frames are SignalR's own <see cref="JsonHubProtocol"/>'s, byte for byte
    /// (handshake, record separator, every message type), so every SignalR client keeps working unchanged; values of
    /// other types go through <see cref="JsonHubProtocolOptions.PayloadSerializerOptions"/> as before.
    /// </summary>
    /// <typeparam name="TBuilder">The server's or the client's SignalR builder.</typeparam>
    /// <param name="builder">The builder.</param>
    /// <returns>The builder.</returns>
    public static TBuilder AddJsonableProtocol<TBuilder>(this TBuilder builder)
        where TBuilder : ISignalRBuilder => AddJsonableProtocol(builder, static _ => { });

    /// <summary>
    /// Registers the <c>json</c> hub protocol with the arguments, results and stream items of Jsonable types read and
    /// written by their generated code (see <see cref="AddJsonableProtocol{TBuilder}(TBuilder)"/>), configuring the
    /// protocol's options (the payload options serve every type that is not a Jsonable type).
    /// </summary>
    /// <typeparam name="TBuilder">The server's or the client's SignalR builder.</typeparam>
    /// <param name="builder">The builder.</param>
    /// <param name="configure">Configures <see cref="JsonHubProtocolOptions"/>.</param>
    /// <returns>The builder.</returns>
    public static TBuilder AddJsonableProtocol<TBuilder>(this TBuilder builder, Action<JsonHubProtocolOptions> configure)
        where TBuilder : ISignalRBuilder
    {
        if (builder is null)
        {
            throw new ArgumentNullException(nameof(builder));
        }

        if (configure is null)
        {
            throw new ArgumentNullException(nameof(configure));
        }

        // SignalR's own protocol, registered once (AddSignalR() already registers it on a server); only its payload
        // options change, so the frames stay its frames.
        builder.AddJsonProtocol(configure);
        builder.Services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<JsonHubProtocolOptions>, JsonableHubProtocolOptionsSetup>());
        return builder;
    }
}
