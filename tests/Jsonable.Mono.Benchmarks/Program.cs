using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using Jsonable.Samples.RealData;
using MessagePack;
using MessagePack.Resolvers;
using Jsonable.Metadata;

namespace Jsonable.Mono.Benchmarks
{
    /// <summary>
    /// A small in-process harness (BenchmarkDotNet does not run on Mono here): per scenario and serializer, a warm-up,
    /// then rounds of a fixed time budget; prints the median time per operation as a Markdown table.
    /// Usage: [--seconds 1] (per round; 5 rounds) [--records 400000] (the game snapshot's length)
    /// [--scenarios Twitter,Citm,Records] [--serializers "Jsonable JSON,MessagePack"] (subsets, for profiling)
    /// [--dump DIR] (only write Jsonable's JSON and JMC1 of each scenario there, to compare builds byte for byte).
    /// </summary>
    internal static class Program
    {
        private const int Rounds = 5;
        private static readonly MessagePackSerializerOptions s_msgpack = MessagePackSerializerOptions.Standard.WithResolver(ContractlessStandardResolver.Instance);
        private static readonly Newtonsoft.Json.JsonSerializer s_newtonsoft = Newtonsoft.Json.JsonSerializer.CreateDefault();
        private static string[]? s_serializers;
        private static string? s_dump;
        private static readonly UTF8Encoding s_utf8 = new(encoderShouldEmitUTF8Identifier: false);

        private static int Main(string[] args)
        {
            double seconds = 1;
            int at = Array.IndexOf(args, "--seconds");
            if (at >= 0 && (at + 1 >= args.Length || !double.TryParse(args[at + 1], NumberStyles.Float, CultureInfo.InvariantCulture, out seconds) || seconds <= 0))
            {
                Console.Error.WriteLine("--seconds needs a positive number, e.g. --seconds 0.5");
                return 2;
            }

            int records = 400_000;
            at = Array.IndexOf(args, "--records");
            if (at >= 0 && (at + 1 >= args.Length || !int.TryParse(args[at + 1], NumberStyles.None, CultureInfo.InvariantCulture, out records) || records <= 0))
            {
                Console.Error.WriteLine("--records needs a positive count, e.g. --records 1000");
                return 2;
            }

            at = Array.IndexOf(args, "--serializers");
            s_serializers = at >= 0 && at + 1 < args.Length ? args[at + 1].Split(',') : null;

            at = Array.IndexOf(args, "--dump");
            s_dump = at >= 0 && at + 1 < args.Length ? args[at + 1] : null;

            at = Array.IndexOf(args, "--scenarios");
            string[] scenarios = at >= 0 && at + 1 < args.Length ? args[at + 1].Split(',') : new[] { "Twitter", "Citm", "Records" };

            string runtime = System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription;
            string build = typeof(IJsonableWritable<>).GetMembers().Length == 0 ? "netstandard2.0" : "net10.0";
            Console.WriteLine($"Runtime: {runtime}; Jsonable.Runtime build: {build}; {Rounds} rounds of {seconds.ToString(CultureInfo.InvariantCulture)} s; median CPU time of this thread per operation.");
            Console.WriteLine();
            Console.WriteLine("| Scenario | Serializer | µs/op | vs STJ | bytes |");
            Console.WriteLine("|---|---|---:|---:|---:|");
            if (scenarios.Contains("Twitter"))
            {
                Scenario("Twitter", JsonableSerializer.Deserialize<TwitterRoot>(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "data", "twitter.json")))!, seconds);
            }

            if (scenarios.Contains("Citm"))
            {
                Scenario("Citm", JsonableSerializer.Deserialize<CitmCatalog>(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "data", "citm_catalog.json")))!, seconds);
            }

            if (scenarios.Contains("Records"))
            {
                Scenario("Records", GameRecords.Create(records), seconds);
            }

            return 0;
        }

        private static void Scenario<T>(string name, T model, double seconds)
        {
            byte[] json = JsonableSerializer.SerializeToUtf8Bytes(model, JsonableFormat.Json);
            byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(model, JsonableFormat.Jmc1);
            if (s_dump is not null)
            {
                // Jsonable's outputs as files, to compare the netstandard2.0 build's bytes on Mono with the net10.0 build's.
                Directory.CreateDirectory(s_dump);
                File.WriteAllBytes(Path.Combine(s_dump, name + ".json"), json);
                File.WriteAllBytes(Path.Combine(s_dump, name + ".jmc1"), jmc1);
                return;
            }

            byte[] stj = JsonSerializer.SerializeToUtf8Bytes(model);
            byte[] msgpack = MessagePackSerializer.Serialize(model, s_msgpack);
            var newtonsoftOutput = new MemoryStream();
            WriteNewtonsoft(newtonsoftOutput, model);
            byte[] newtonsoft = newtonsoftOutput.ToArray();

            // Each output must read back to the same data before it is timed.
            Check(json, JsonableSerializer.SerializeToUtf8Bytes(JsonableSerializer.Deserialize<T>(jmc1, JsonableFormat.Jmc1), JsonableFormat.Json), name + " JMC1");
            Check(json, JsonableSerializer.SerializeToUtf8Bytes(JsonSerializer.Deserialize<T>(stj), JsonableFormat.Json), name + " STJ");
            Check(json, JsonableSerializer.SerializeToUtf8Bytes(MessagePackSerializer.Deserialize<T>(msgpack, s_msgpack), JsonableFormat.Json), name + " MessagePack");
            Check(json, JsonableSerializer.SerializeToUtf8Bytes(ReadNewtonsoft<T>(newtonsoft), JsonableFormat.Json), name + " Newtonsoft.Json");

            var buffer = new Output();
            var read = new List<(string, Func<object?>, int)>
            {
                ("STJ", () => JsonSerializer.Deserialize<T>(stj), stj.Length),
                ("Jsonable JSON", () => JsonableSerializer.Deserialize<T>(json), json.Length),
                ("Jsonable JMC1", () => JsonableSerializer.Deserialize<T>(jmc1, JsonableFormat.Jmc1), jmc1.Length),
                ("MessagePack", () => MessagePackSerializer.Deserialize<T>(msgpack, s_msgpack), msgpack.Length),
                ("Newtonsoft.Json", () => ReadNewtonsoft<T>(newtonsoft), newtonsoft.Length),
            };
            var write = new List<(string, Func<object?>, int)>
            {
                ("STJ", () => { buffer.Clear(); using var w = new Utf8JsonWriter(buffer); JsonSerializer.Serialize(w, model); return null; }, stj.Length),
                ("Jsonable JSON", () => { buffer.Clear(); JsonableSerializer.Serialize(buffer, model, JsonableFormat.Json); return null; }, json.Length),
                ("Jsonable JMC1", () => { buffer.Clear(); JsonableSerializer.Serialize(buffer, model, JsonableFormat.Jmc1); return null; }, jmc1.Length),
                ("MessagePack", () => { buffer.Clear(); MessagePackSerializer.Serialize(buffer, model, s_msgpack); return null; }, msgpack.Length),
                ("Newtonsoft.Json", () => { newtonsoftOutput.SetLength(0); WriteNewtonsoft(newtonsoftOutput, model); return null; }, newtonsoft.Length),
            };

            Print(name + "Read", read, seconds);
            Print(name + "Write", write, seconds);
        }

        /// <summary>Newtonsoft.Json as Unity projects call it: a cached serializer, UTF-8 through a stream reader.</summary>
        private static T? ReadNewtonsoft<T>(byte[] utf8)
        {
            using var reader = new Newtonsoft.Json.JsonTextReader(new StreamReader(new MemoryStream(utf8), s_utf8, false, 16384));
            return s_newtonsoft.Deserialize<T>(reader);
        }

        private static void WriteNewtonsoft<T>(MemoryStream output, T value)
        {
            using var writer = new StreamWriter(output, s_utf8, 16384, leaveOpen: true);
            s_newtonsoft.Serialize(writer, value);
        }

        private static void Print(string scenario, List<(string Name, Func<object?> Run, int Bytes)> cases, double seconds)
        {
            double stj = 0;
            foreach ((string name, Func<object?> run, int bytes) in cases)
            {
                if (s_serializers is not null && !s_serializers.Contains(name))
                {
                    continue;
                }

                double us = Measure(run, seconds);
                if (name == "STJ")
                {
                    stj = us;
                }

                Console.WriteLine($"| {scenario} | {name} | {us.ToString("N0", CultureInfo.InvariantCulture)} | {(stj / us).ToString("0.00", CultureInfo.InvariantCulture)}× | {bytes.ToString("N0", CultureInfo.InvariantCulture)} |");
            }
        }

        /// <summary>
        /// The median over <see cref="Rounds"/> rounds of the CPU time per call, in microseconds, after a warm-up. CPU time
        /// of this thread (clock_gettime, Linux), not wall time: the machines this runs on are shared.
        /// </summary>
        private static double Measure(Func<object?> run, double seconds)
        {
            double start = ThreadCpuSeconds();
            while (ThreadCpuSeconds() - start < Math.Min(0.5, seconds))
            {
                run();
            }

            var rounds = new List<double>();
            for (int r = 0; r < Rounds; r++)
            {
                GC.Collect();
                int calls = 0;
                start = ThreadCpuSeconds();
                double elapsed;
                do
                {
                    run();
                    calls++;
                    elapsed = ThreadCpuSeconds() - start;
                }
                while (elapsed < seconds);

                rounds.Add(elapsed * 1e6 / calls);
            }

            rounds.Sort();
            return rounds[Rounds / 2];
        }

        private static double ThreadCpuSeconds()
        {
            const int ClockThreadCpuTimeId = 3;
            if (clock_gettime(ClockThreadCpuTimeId, out Timespec now) != 0)
            {
                throw new InvalidOperationException("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed: this harness needs Linux.");
            }

            return now.Seconds + (now.Nanoseconds / 1e9);
        }

        [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
        private static extern int clock_gettime(int clockId, out Timespec time);

        private struct Timespec
        {
            public long Seconds;
            public long Nanoseconds;
        }

        private static void Check(byte[] expected, byte[] actual, string what)
        {
            if (!expected.AsSpan().SequenceEqual(actual))
            {
                throw new InvalidOperationException($"{what} did not round-trip to the same data.");
            }
        }
    }

    /// <summary>A reusable growable buffer (netstandard2.0 consumers have no public ArrayBufferWriter).</summary>
    internal sealed class Output : IBufferWriter<byte>
    {
        private byte[] _buffer = new byte[1 << 20];
        private int _written;

        public void Clear() => _written = 0;

        public void Advance(int count) => _written += count;

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Grow(sizeHint);
            return _buffer.AsMemory(_written);
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Grow(sizeHint);
            return _buffer.AsSpan(_written);
        }

        private void Grow(int sizeHint)
        {
            if (_buffer.Length - _written < Math.Max(sizeHint, 1))
            {
                Array.Resize(ref _buffer, Math.Max(_buffer.Length * 2, _written + sizeHint));
            }
        }
    }
}
