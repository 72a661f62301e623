using System.Collections.Generic;

// Block-scoped namespace and C# 9 only: samples/GameClient (Unity's profile) compiles this same file.
namespace Jsonable.Samples.GameServer
{
    /// <summary>One player as the world holds it; a client sends its own with <c>Move</c>.</summary>
    [ToJson, FromJson]
    public partial class PlayerState
    {
        /// <summary>The name the player joined with (the server keeps it; a move cannot change it).</summary>
        public string Name { get; set; } = "";

        /// <summary>Position on the ground plane, in world units.</summary>
        public float X { get; set; }

        /// <summary>Position on the ground plane, in world units.</summary>
        public float Y { get; set; }

        /// <summary>Facing, in degrees.</summary>
        public float Heading { get; set; }

        /// <summary>Points; owned by the server (a move cannot change it).</summary>
        public int Score { get; set; }
    }

    /// <summary>
    /// A room's world: what every client in the room keeps a copy of. A dictionary by name rather than a list, so that a
    /// tick's delta names only the players that moved (a list would be sent whole whenever any element changed).
    /// </summary>
    [ToJson, FromJson]
    public partial class World
    {
        /// <summary>The room's name.</summary>
        public string Room { get; set; } = "";

        /// <summary>The server tick that wrote this version.</summary>
        public long Tick { get; set; }

        /// <summary>The players, by name.</summary>
        public Dictionary<string, PlayerState> Players { get; set; } = new Dictionary<string, PlayerState>();
    }

    /// <summary>
    /// One item of <c>GameHub.Subscribe</c>'s stream: a version of the world. The JSON travels as a string in both hub
    /// protocols so that every SignalR client (JavaScript too) reads it as it is and applies it with a merge patch.
    /// </summary>
    [ToJson, FromJson]
    public partial class WorldFeedItem
    {
        /// <summary>The version the receiver holds after applying the item.</summary>
        public long Version { get; set; }

        /// <summary>True: <see cref="Json"/> is the whole world (replace the copy); false: the merge patch from the version before.</summary>
        public bool Snapshot { get; set; }

        /// <summary>The world or the merge patch, JSON text.</summary>
        public string Json { get; set; } = "";
    }
}
