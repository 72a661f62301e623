using System;
using System.Collections.Generic;
using System.IO;

namespace Jsonable.Mono.Tests
{
    /// <summary>
    /// A self-checking runner (xunit does not run on Debian's Mono 6.8): every check throws on failure, and the exit code
    /// is the number of failures. <c>--write-outputs DIR</c> saves the documents the checks wrote (the net10.0 run does
    /// this); <c>--compare-outputs DIR</c> requires the same bytes (the Mono run does this: identical bytes on every target).
    /// </summary>
    internal static class Program
    {
        private static int Main(string[] args)
        {
            string? writeDir = null, compareDir = null;
            for (int i = 0; i < args.Length; i++)
            {
                switch (args[i])
                {
                    case "--write-outputs": writeDir = args[++i]; break;
                    case "--compare-outputs": compareDir = args[++i]; break;
                    default:
                        Console.Error.WriteLine($"Unknown argument '{args[i]}'. Usage: [--write-outputs DIR] [--compare-outputs DIR]");
                        return 2;
                }
            }

            Console.WriteLine($"Jsonable.Mono.Tests on {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}");
            var outputs = new SortedDictionary<string, byte[]>(StringComparer.Ordinal);
            var runner = new Runner(outputs);
            RealDataChecks.Run(runner);
            ValueChecks.Run(runner);
            NumberChecks.Run(runner);
            HostileChecks.Run(runner);
            DeltaChecks.Run(runner);
            EnumChecks.Run(runner);
            PolymorphismChecks.Run(runner);

            if (writeDir is not null)
            {
                Directory.CreateDirectory(writeDir);
                foreach (KeyValuePair<string, byte[]> output in outputs)
                {
                    File.WriteAllBytes(Path.Combine(writeDir, output.Key), output.Value);
                }

                Console.WriteLine($"Wrote {outputs.Count} documents to {writeDir}.");
            }

            if (compareDir is not null)
            {
                runner.Check("outputs: the same documents as the other target wrote", () => CompareOutputs(outputs, compareDir));
            }

            Console.WriteLine($"{runner.Passed} passed, {runner.Failed} failed.");
            return runner.Failed;
        }

        private static void CompareOutputs(SortedDictionary<string, byte[]> outputs, string dir)
        {
            string[] expectedNames = Directory.GetFiles(dir);
            Assert.Equal(expectedNames.Length, outputs.Count, "number of documents");
            foreach (string path in expectedNames)
            {
                string name = Path.GetFileName(path);
                Assert.True(outputs.TryGetValue(name, out byte[]? actual), $"{name} was not written here");
                Assert.SameBytes(File.ReadAllBytes(path), actual!, name);
            }
        }
    }

    /// <summary>Runs named checks, counting failures, and keeps the documents they record.</summary>
    internal sealed class Runner
    {
        private readonly SortedDictionary<string, byte[]> _outputs;

        public Runner(SortedDictionary<string, byte[]> outputs) => _outputs = outputs;

        public int Passed { get; private set; }

        public int Failed { get; private set; }

        public void Check(string name, Action check)
        {
            try
            {
                check();
                Passed++;
                Console.WriteLine($"  pass  {name}");
            }
            catch (Exception e)
            {
                Failed++;
                Console.WriteLine($"  FAIL  {name}: {e}");
            }
        }

        /// <summary>Keeps a document for the byte-for-byte comparison between targets.</summary>
        public void Record(string name, byte[] document) => _outputs[name] = document;
    }

    /// <summary>Assertions that throw with what differed.</summary>
    internal static class Assert
    {
        public static void True(bool condition, string message)
        {
            if (!condition)
            {
                throw new InvalidOperationException(message);
            }
        }

        public static void Equal<T>(T expected, T actual, string what)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
            {
                throw new InvalidOperationException($"{what}: expected {expected}, got {actual}");
            }
        }

        public static void SameBytes(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string what)
        {
            int n = Math.Min(expected.Length, actual.Length);
            for (int i = 0; i < n; i++)
            {
                if (expected[i] != actual[i])
                {
                    throw new InvalidOperationException($"{what}: bytes differ at offset {i}: expected ...{Text(expected, i)}..., got ...{Text(actual, i)}...");
                }
            }

            Equal(expected.Length, actual.Length, what + ": length");
        }

        public static TException Throws<TException>(Action action, string what)
            where TException : Exception
        {
            try
            {
                action();
            }
            catch (TException e)
            {
                return e;
            }
            catch (Exception e)
            {
                throw new InvalidOperationException($"{what}: expected {typeof(TException).Name}, got {e.GetType().Name}: {e.Message}", e);
            }

            throw new InvalidOperationException($"{what}: expected {typeof(TException).Name}, nothing was thrown");
        }

        private static string Text(ReadOnlySpan<byte> bytes, int at)
        {
            int start = Math.Max(0, at - 20);
            return System.Text.Encoding.UTF8.GetString(bytes.Slice(start, Math.Min(bytes.Length - start, 40)).ToArray());
        }
    }
}
