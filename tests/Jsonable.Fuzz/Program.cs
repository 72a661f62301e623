using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Jsonable.Samples.RealData;
using SharpFuzz;

namespace Jsonable.Fuzz;

/// <summary>
/// Entry point. <c>Jsonable.Fuzz</c> (no arguments) is the AFL++ target: SharpFuzz feeds it inputs and
/// reports any exception other than the property's outcomes as a crash. <c>Jsonable.Fuzz seed DIR DATA</c>
/// writes the starting corpus; <c>Jsonable.Fuzz replay FILE...</c> checks saved inputs (crashes, regressions).
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Length >= 3 && args[0] == "seed")
        {
            Seeds.Write(args[1], args[2]);
            return 0;
        }

        if (args.Length >= 2 && args[0] == "replay")
        {
            return Replay(args[1..]);
        }

        // Out of process: AFL restarts the .NET process only when it dies, not per input.
        Fuzzer.OutOfProcess.Run(stream =>
        {
            using var buffer = new MemoryStream();
            stream.CopyTo(buffer);
            byte[] input = buffer.ToArray();
            foreach (FuzzTarget target in FuzzOracle.Targets)
            {
                FuzzOracle.Check(input, target);
            }

            HubFrameOracle.Check(input);
        });
        return 0;
    }

    private static int Replay(string[] files)
    {
        int broken = 0;
        foreach (string file in files)
        {
            byte[] input = File.ReadAllBytes(file);
            foreach (FuzzTarget target in FuzzOracle.Targets)
            {
                try
                {
                    Console.WriteLine($"{file} {target.Name}: {FuzzOracle.Check(input, target)}");
                }
                catch (FuzzPropertyException ex)
                {
                    broken++;
                    Console.WriteLine($"{file} {target.Name}: PROPERTY BROKEN: {ex.Message} {ex.InnerException}");
                }
            }

            try
            {
                Console.WriteLine($"{file} hub frames: {HubFrameOracle.Check(input)} message(s)");
            }
            catch (HubFramePropertyException ex)
            {
                broken++;
                Console.WriteLine($"{file} hub frames: PROPERTY BROKEN: {ex.Message} {ex.InnerException}");
            }
        }

        return broken == 0 ? 0 : 1;
    }
}

/// <summary>The starting corpus: slices of the real data in both formats and small hand-written edge cases.</summary>
public static class Seeds
{
    /// <summary>Writes <see cref="Create"/>'s seeds as files.</summary>
    /// <param name="directory">Where the files go.</param>
    /// <param name="dataDirectory">The repository's data folder (twitter.json, citm_catalog.json).</param>
    public static void Write(string directory, string dataDirectory)
    {
        Directory.CreateDirectory(directory);
        Dictionary<string, byte[]> seeds = Create(dataDirectory);
        foreach ((string name, byte[] bytes) in seeds)
        {
            File.WriteAllBytes(Path.Combine(directory, name), bytes);
        }

        Console.WriteLine($"Wrote {seeds.Count} seeds to {directory}.");
    }

    /// <summary>The seeds by file name (<c>.json</c>, <c>.jmc1</c>, or <c>.txt</c> for format-neutral edge cases).</summary>
    /// <param name="dataDirectory">The repository's data folder.</param>
    public static Dictionary<string, byte[]> Create(string dataDirectory)
    {
        var seeds = new Dictionary<string, byte[]>(HubFrameOracle.Seeds());

        // AFL works best from small seeds: a few statuses and a few catalogue entries, not the 600 KB files.
        TwitterRoot twitter = TwitterRoot.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "twitter.json")));
        foreach (int count in new[] { 1, 2 })
        {
            var head = new TwitterRoot { statuses = twitter.statuses!.GetRange(0, count), search_metadata = twitter.search_metadata };
            seeds[$"twitter-{count}.json"] = JsonableSerializer.SerializeToUtf8Bytes(head, JsonableFormat.Json);
            seeds[$"twitter-{count}.jmc1"] = head.ToJsonable().ToArray();
        }

        CitmCatalog citm = CitmCatalog.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "citm_catalog.json")));
        var small = new CitmCatalog
        {
            areaNames = Take(citm.areaNames, 3),
            events = Take(citm.events, 2),
            performances = citm.performances!.GetRange(0, 2),
            topicSubTopics = Take(citm.topicSubTopics, 3),
            venueNames = Take(citm.venueNames, 2),
        };
        seeds["citm-small.json"] = JsonableSerializer.SerializeToUtf8Bytes(small, JsonableFormat.Json);
        seeds["citm-small.jmc1"] = small.ToJsonable().ToArray();

        // JSONTestSuite-style edge cases around what the readers must accept or reject.
        string[] cases =
        [
            "{}", "[]", "null", "{\"statuses\":[]}", "{\"statuses\":null}", "{\"statuses\":[{}]}",
            "{\"statuses\":[{\"id\":-0,\"text\":\"\\ud83d\\ude00\\u0000\\/\"}]}",
            "{\"statuses\":[{\"id\":1e2}]}", "{\"statuses\":[{\"text\":\"\\ud800\"}]}",
            "{\"statuses\":[{\"user\":{\"name\":\"\\udc00\\ud800\"}}]}", "{\"search_metadata\":{\"count\":1.5}}",
            "{\"areaNames\":{\"1\":\"a\",\"1\":\"b\"}}", "{\"topicSubTopics\":{\"1\":[1,2,[3]]}}",
            "{\"events\":{\"1\":{\"id\":9223372036854775808}}}", "\uFEFF{\"STATUSES\":[]}", "{\"statuses\":[],}",
            "{\"x\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
            "/*JMC1*/{\"statuses\":[]}", "/*JMC1*//*JMC1*/{}",
        ];
        for (int i = 0; i < cases.Length; i++)
        {
            seeds[$"case-{i:D2}.txt"] = Encoding.UTF8.GetBytes(cases[i]);
        }

        return seeds;
    }

    private static Dictionary<string, TValue> Take<TValue>(Dictionary<string, TValue>? source, int count)
    {
        var result = new Dictionary<string, TValue>();
        foreach ((string key, TValue value) in source ?? [])
        {
            if (result.Count == count)
            {
                break;
            }

            result[key] = value;
        }

        return result;
    }
}
