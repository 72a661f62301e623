using Jsonable.Fuzz;

namespace Jsonable.SignalR.Tests;

/// <summary>
/// A bounded, seeded mutation run of the fuzz target (tests/Jsonable.Fuzz, HubFrameOracle): valid frames of every message
/// type in both protocols, flipped, truncated, extended and spliced; each must parse, wait for more, or fail with
/// InvalidDataException. The coverage-guided run is tests/Jsonable.Fuzz/run.sh.
/// </summary>
public sealed class HubFrameMutationTests
{
    [Fact]
    public void Mutated_frames_never_escape_the_parsers_with_anything_but_invalid_data()
    {
        var random = new Random(36);
        Dictionary<string, byte[]> seeds = HubFrameOracle.Seeds();
        byte[][] all = [.. seeds.Values];
        int parsed = 0;
        foreach ((string name, byte[] seed) in seeds)
        {
            Assert.True(HubFrameOracle.Check(seed) >= 1, name + " does not parse as is");
            for (int i = 0; i < 400; i++)
            {
                byte[] input = Mutate(seed, all, random);
                parsed += HubFrameOracle.Check(input);
            }
        }

        Assert.True(parsed > 0);
    }

    private static byte[] Mutate(byte[] seed, byte[][] all, Random random)
    {
        var bytes = new List<byte>(seed);
        int edits = random.Next(1, 4);
        for (int e = 0; e < edits && bytes.Count > 0; e++)
        {
            int at = random.Next(bytes.Count);
            switch (random.Next(6))
            {
                case 0:
                    bytes[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 1:
                    bytes[at] = (byte)random.Next(256);
                    break;
                case 2:
                    bytes.RemoveRange(at, bytes.Count - at);
                    break;
                case 3:
                    bytes.Insert(at, (byte)random.Next(256));
                    break;
                case 4:
                    bytes.AddRange(all[random.Next(all.Length)]);
                    break;
                default:
                    bytes.InsertRange(at, Enumerable.Repeat((byte)"[{\"\u001e\\"[random.Next(5)], random.Next(1, 200)));
                    break;
            }
        }

        return [.. bytes];
    }
}
