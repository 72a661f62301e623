using System;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Jsonable.AspNetCore.SignalR;

/// <summary>The binary <c>jmc1</c> hub protocol on a SignalR server or client (both are an <see cref="ISignalRBuilder"/>).</summary>
public static class JsonableJmc1SignalRBuilderExtensions
{
    /// <summary>
    /// Registers the <c>jmc1</c> hub protocol (<see cref="JsonableJmc1HubProtocol"/>): binary, length-prefixed frames
    /// whose Jsonable values are JMC1 documents of the generated code. A server keeps its other protocols; a client
    /// asks for this one.
    /// </summary>
    /// <typeparam name="TBuilder">The server's or the client's SignalR builder.</typeparam>
    /// <param name="builder">The builder.</param>
    /// <returns>The builder.</returns>
    public static TBuilder AddJsonableJmc1Protocol<TBuilder>(this TBuilder builder)
        where TBuilder : ISignalRBuilder => AddJsonableJmc1Protocol(builder, static _ => { });

    /// <summary>Registers the <c>jmc1</c> hub protocol (see <see cref="AddJsonableJmc1Protocol{TBuilder}(TBuilder)"/>) with its options.</summary>
    /// <typeparam name="TBuilder">The server's or the client's SignalR builder.</typeparam>
    /// <param name="builder">The builder.</param>
    /// <param name="configure">Configures <see cref="JsonableJmc1HubProtocolOptions"/>.</param>
    /// <returns>The builder.</returns>
    public static TBuilder AddJsonableJmc1Protocol<TBuilder>(this TBuilder builder, Action<JsonableJmc1HubProtocolOptions> configure)
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

        builder.Services.TryAddEnumerable(ServiceDescriptor.Singleton<IHubProtocol, JsonableJmc1HubProtocol>());
        builder.Services.Configure(configure);
        return builder;
    }
}
