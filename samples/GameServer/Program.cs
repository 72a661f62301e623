using Jsonable.AspNetCore.Feeds;
using Jsonable.AspNetCore.SignalR;
using Jsonable.Samples.GameServer;

// dotnet run --project samples/GameServer   (then samples/GameClient, or any SignalR client, at http://localhost:5000/game)
GameServerApp.Build(args).Run();

namespace Jsonable.Samples.GameServer
{
    /// <summary>The game server's setup, as a method so that tests start the same app on a loopback port.</summary>
    public static class GameServerApp
    {
        /// <summary>Builds the app: the hub at <c>/game</c>, a room's world at <c>GET /rooms/{room}</c> and its feed at <c>GET /rooms/{room}/live</c>.</summary>
        /// <param name="args">Command-line arguments (<c>--urls</c>, <c>--Game:TickHz</c>, <c>--Game:VersionLogLength</c>).</param>
        public static WebApplication Build(string[] args)
        {
            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);
            builder.Services.AddJsonable();

            // Both protocols on one hub: "json" for every SignalR client (JavaScript, a browser build), "jmc1" for .NET
            // and Unity clients that ask for it. The hub's values are all generated types, so nothing else is needed.
            builder.Services.AddSignalR().AddJsonableProtocol().AddJsonableJmc1Protocol();
            builder.Services.AddSingleton(new GameRooms(builder.Configuration.GetValue("Game:VersionLogLength", 200)));
            builder.Services.AddHostedService(services => new GameLoop(services.GetRequiredService<GameRooms>(), builder.Configuration.GetValue("Game:TickHz", 20.0)));

            WebApplication app = builder.Build();
            app.UseJsonable();
            // Stateful reconnect: a client that asks for it (WithStatefulReconnect in .NET, withStatefulReconnect in
            // JavaScript) keeps its connection through a short drop of its WebSocket. The hub never sees the drop, so
            // the player stays in the world, and the messages sent meanwhile are delivered once the socket is back.
            app.MapHub<GameHub>("/game", options => options.AllowStatefulReconnects = true);

            // The same world over plain HTTP: a snapshot whose ETag is its version, and the version feed as server-sent
            // events (resumed with Last-Event-ID), for tools and clients without SignalR.
            app.MapGet("/rooms/{room}", (string room, GameRooms rooms, HttpContext context) =>
            {
                if (rooms.Snapshot(room) is not { } snapshot)
                {
                    return Results.NotFound();
                }

                string etag = "\"" + snapshot.Version + "\"";
                context.Response.Headers.ETag = etag;
                return context.Request.Headers.IfNoneMatch == etag
                    ? Results.StatusCode(StatusCodes.Status304NotModified)
                    : Results.Bytes(snapshot.Json, "application/json");
            });
            app.MapGet("/rooms/{room}/live", (string room, GameRooms rooms, HttpRequest request) =>
                rooms.Exists(room) ? (IResult)JsonableVersionFeed.ServerSentEvents(rooms, room, request) : Results.NotFound());
            return app;
        }
    }
}
