using Jsonable;

namespace Jsonable.SignalR.Tests;

/// <summary>A player's state as a game sends it many times a second.</summary>
[ToJson, FromJson]
public partial class PlayerState
{
    public string? Name { get; set; }
    public double X { get; set; }
    public double Y { get; set; }
    public int Score { get; set; }
    public bool Alive { get; set; }
    public List<int>? Items { get; set; }
}

/// <summary>A game tick: the world's players, as one broadcast carries them.</summary>
[ToJson, FromJson]
public partial class GameState
{
    public long Tick { get; set; }
    public string? Room { get; set; }
    public List<PlayerState>? Players { get; set; }
}

/// <summary>
/// Registered by hand with a writer that writes ten times its value as a number and a reader that adds one, where
/// System.Text.Json would write an object: what arrives proves which code ran, not only that bytes matched.
/// </summary>
public sealed class Probe
{
    public int Value { get; set; }

    private static int s_registered;

    public static void Register()
    {
        if (Interlocked.Exchange(ref s_registered, 1) == 0)
        {
            JsonableRegistry.Register<Probe>(
                static (ref JsonableWriter writer, Probe value) => writer.WriteNumber(value.Value * 10L),
                static (ref JsonableReader reader) => new Probe { Value = reader.ReadInt32() + 1 });
        }
    }
}

public static class Samples
{
    public static PlayerState Player(int i) => new()
    {
        Name = "player-" + i,
        X = 10.5 + i,
        Y = -3.25 * i,
        Score = 100 * i,
        Alive = i % 2 == 0,
        Items = [i, i + 1, i + 2],
    };

    public static GameState Game(int players) => new()
    {
        Tick = 123456,
        Room = "arena",
        Players = Enumerable.Range(0, players).Select(Player).ToList(),
    };
}
