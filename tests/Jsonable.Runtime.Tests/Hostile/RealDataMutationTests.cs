#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Jsonable.Fuzz;
using Jsonable.Runtime.Tests.Infrastructure;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>
/// A bounded, deterministic version of the AFL++ run (tests/Jsonable.Fuzz): structured random mutations (fixed
/// seed, so a failure reproduces) of the same seeds, checked against the same property — the reader returns what
/// System.Text.Json reads from the same document, or throws <see cref="JsonableException"/>; nothing else.
/// </summary>
public sealed class RealDataMutationTests
{
    private const int MutationsPerSeed = 400;

    private static readonly Lazy<Dictionary<string, byte[]>> s_seeds = new(() => Fuzz.Seeds.Create(JsonData.DataPath(string.Empty)));

    /// <summary>Tokens that steer mutations toward the readers' edge cases.</summary>
    private static readonly byte[][] s_tokens =
    [
        .. new[]
        {
            "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\u0000", "\\", "\"", "/*JMC1*/", "null", "true", "{}", "[]", "[{}]",
            "-0", "1e400", "1.5", "9223372036854775808", ",", ":", "{\"statuses\":", "\"id\":", "\uFEFF", "é",
        }.Select(Encoding.UTF8.GetBytes),
        [(byte)'/', (byte)'*', 0x2A, 0x2F, (byte)'*', (byte)'/'], // the forbidden n = 11770 comment
        [(byte)'/', (byte)'*', 0xFF, 0x7E, (byte)'*', (byte)'/'], // the largest count a comment can claim
        [(byte)'/', (byte)'*', 0x31, 0x01, (byte)'*', (byte)'/'], // a count of 1
        [0xC3, 0x28], [0xED, 0xA0, 0x80], [0x00], [0x7F],
    ];

    /// <summary>Whether a seed is a document (the hub-* seeds are SignalR frames, for the hub frame target).</summary>
    private static bool IsDocument(string seedName) => !seedName.StartsWith("hub-", StringComparison.Ordinal);

    /// <summary>The seed names for each format (format-neutral edge cases are read as both).</summary>
    public static TheoryData<string, JsonableFormat> SeedsAndFormats()
    {
        var data = new TheoryData<string, JsonableFormat>();
        foreach (string name in s_seeds.Value.Keys.Where(n => !n.StartsWith("case-", StringComparison.Ordinal) && IsDocument(n)).Order(StringComparer.Ordinal))
        {
            data.Add(name, name.EndsWith(".jmc1", StringComparison.Ordinal) ? JsonableFormat.Jmc1 : JsonableFormat.Json);
        }

        data.Add("case-*", JsonableFormat.Json);
        data.Add("case-*", JsonableFormat.Jmc1);
        return data;
    }

    [Theory]
    [MemberData(nameof(SeedsAndFormats))]
    public void Mutations_ReadAsStjReadsThem_OrThrowJsonableException_BothOutcomesSeen(string seedName, JsonableFormat format)
    {
        byte[][] seeds = seedName == "case-*"
            ? s_seeds.Value.Where(s => s.Key.StartsWith("case-", StringComparison.Ordinal)).Select(s => s.Value).ToArray()
            : [s_seeds.Value[seedName]];
        FuzzTarget[] targets = FuzzOracle.Targets.Where(t => t.Format == format).ToArray();
        var random = new Random(StableHash(seedName) ^ (int)format);
        var verdicts = new Dictionary<FuzzVerdict, int> { [FuzzVerdict.Accepted] = 0, [FuzzVerdict.Rejected] = 0 };

        for (int i = 0; i < MutationsPerSeed; i++)
        {
            byte[] input = Mutate(seeds[random.Next(seeds.Length)], random);
            foreach (FuzzTarget target in targets)
            {
                try
                {
                    verdicts[FuzzOracle.Check(input, target)]++;
                }
                catch (FuzzPropertyException ex)
                {
                    Assert.Fail($"{seedName} mutation {i}: {ex.Message}\n{ex.InnerException}\nInput (Latin-1): {Encoding.Latin1.GetString(input)}");
                }
            }
        }

        // A run that only ever rejects (or only accepts) is not testing the property.
        Assert.True(verdicts[FuzzVerdict.Accepted] > 0, $"No mutation of {seedName} was accepted.");
        Assert.True(verdicts[FuzzVerdict.Rejected] > 0, $"No mutation of {seedName} was rejected.");
    }

    [Fact]
    public void UnmutatedSeeds_AreAcceptedAsStjReadsThem()
    {
        foreach ((string name, byte[] seed) in s_seeds.Value.Where(s => !s.Key.StartsWith("case-", StringComparison.Ordinal) && IsDocument(s.Key)))
        {
            JsonableFormat format = name.EndsWith(".jmc1", StringComparison.Ordinal) ? JsonableFormat.Jmc1 : JsonableFormat.Json;
            FuzzTarget target = FuzzOracle.Targets.Single(t => t.Format == format && t.Name.StartsWith(name[..4], StringComparison.Ordinal));
            Assert.Equal(FuzzVerdict.Accepted, FuzzOracle.Check(seed, target));
        }
    }

    [Fact]
    public void EdgeCaseSeeds_SatisfyTheProperty_ForEveryTarget()
    {
        // The JSONTestSuite-style cases (lone surrogates, duplicates, BOM, trailing comma, deep nesting, two headers).
        var verdicts = new List<FuzzVerdict>();
        foreach ((string name, byte[] seed) in s_seeds.Value.Where(s => s.Key.StartsWith("case-", StringComparison.Ordinal)))
        {
            foreach (FuzzTarget target in FuzzOracle.Targets)
            {
                verdicts.Add(FuzzOracle.Check(seed, target));
            }
        }

        Assert.Contains(FuzzVerdict.Accepted, verdicts);
        Assert.Contains(FuzzVerdict.Rejected, verdicts);
    }

    /// <summary>One to four edits: overwrite, insert a token, delete or duplicate a range, or truncate.</summary>
    private static byte[] Mutate(byte[] seed, Random random)
    {
        var bytes = new List<byte>(seed);
        int edits = 1 + random.Next(4);
        for (int e = 0; e < edits && bytes.Count > 0; e++)
        {
            int at = random.Next(bytes.Count);
            switch (random.Next(6))
            {
                case 0:
                    bytes[at] = (byte)random.Next(256);
                    break;
                case 1:
                    bytes[at] = s_tokens[random.Next(s_tokens.Length)][0];
                    break;
                case 2:
                    bytes.InsertRange(at, s_tokens[random.Next(s_tokens.Length)]);
                    break;
                case 3:
                    bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(16)));
                    break;
                case 4:
                    int length = Math.Min(bytes.Count - at, 1 + random.Next(64));
                    bytes.InsertRange(random.Next(bytes.Count), bytes.GetRange(at, length));
                    break;
                default:
                    bytes.RemoveRange(at, bytes.Count - at);
                    break;
            }
        }

        return bytes.ToArray();
    }

    private static int StableHash(string text)
    {
        int hash = 17;
        foreach (char c in text)
        {
            hash = (hash * 31) + c;
        }

        return hash;
    }
}
