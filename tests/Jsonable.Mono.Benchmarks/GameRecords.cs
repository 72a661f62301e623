using System;
using System.Collections.Generic;

namespace Jsonable.Mono.Benchmarks
{
    /// <summary>What a unit is, sent as its number (the default of every serializer here).</summary>
    public enum UnitKind
    {
        Infantry,
        Archer,
        Cavalry,
        Siege,
        Hero,
    }

    /// <summary>
    /// One record of a game server's snapshot, as a Unity client receives 400,000 of them in one array: ints, floats, a
    /// long, a bool, an enum and a short ASCII name. Plain properties, so MessagePack's contractless resolver and
    /// Newtonsoft.Json read it without attributes of their own.
    /// </summary>
    [ToJson, FromJson]
    public partial class UnitRecord
    {
        public int Id { get; set; }
        public long OwnerId { get; set; }
        public UnitKind Kind { get; set; }
        public string Name { get; set; } = "";
        public float X { get; set; }
        public float Y { get; set; }
        public float Z { get; set; }
        public float Heading { get; set; }
        public int Health { get; set; }
        public int Level { get; set; }
        public double Experience { get; set; }
        public bool Alive { get; set; }
    }

    internal static class GameRecords
    {
        private static readonly string[] s_names = { "scout", "guard", "ranger", "knight", "catapult", "hero-of-the-north", "archer", "pikeman" };

        /// <summary>Deterministic records (a fixed seed), with fractional coordinates as a simulation produces them.</summary>
        public static List<UnitRecord> Create(int count)
        {
            var random = new Random(35);
            var records = new List<UnitRecord>(count);
            for (int i = 0; i < count; i++)
            {
                records.Add(new UnitRecord
                {
                    Id = i,
                    OwnerId = 100_000_000_000L + random.Next(0, 5000),
                    Kind = (UnitKind)random.Next(0, 5),
                    Name = s_names[random.Next(s_names.Length)],
                    X = (float)(random.NextDouble() * 4096 - 2048),
                    Y = (float)Math.Round(random.NextDouble() * 64, 2),
                    Z = (float)(random.NextDouble() * 4096 - 2048),
                    Heading = random.Next(0, 360),
                    Health = random.Next(0, 1001),
                    Level = random.Next(1, 61),
                    Experience = Math.Round(random.NextDouble() * 100_000, 3),
                    Alive = random.Next(10) != 0,
                });
            }

            return records;
        }
    }
}
