using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Jsonable.Mono.Tests
{
    /// <summary>The real data, and JSON compared as data (with System.Text.Json's netstandard2.0 build, on the same runtime).</summary>
    internal static class JsonData
    {
        public static byte[] Read(string name) => File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "data", name));

        public static void AssertSameData(byte[] expected, byte[] actual, string what)
        {
            using JsonDocument left = JsonDocument.Parse(expected);
            using JsonDocument right = JsonDocument.Parse(actual);
            string? difference = Compare(left.RootElement, right.RootElement, "$");
            if (difference is not null)
            {
                throw new InvalidOperationException($"{what}: {difference}");
            }
        }

        /// <summary>A JMC1 document without its comments (docs/jmc1.md: what is left is the plain JSON document).</summary>
        public static byte[] StripComments(byte[] jmc1)
        {
            var output = new MemoryStream(jmc1.Length);
            bool inString = false;
            for (int i = 0; i < jmc1.Length; i++)
            {
                byte b = jmc1[i];
                if (inString)
                {
                    output.WriteByte(b);
                    if (b == (byte)'\\')
                    {
                        output.WriteByte(jmc1[++i]);
                    }
                    else if (b == (byte)'"')
                    {
                        inString = false;
                    }
                }
                else if (b == (byte)'/' && jmc1[i + 1] == (byte)'*')
                {
                    // The header is /*JMC1*/; a length comment is /*, two length bytes, */ (the bytes may read */ themselves).
                    i += IsHeader(jmc1, i) ? 7 : 5;
                }
                else
                {
                    inString = b == (byte)'"';
                    output.WriteByte(b);
                }
            }

            return output.ToArray();
        }

        /// <summary>Whether the comment at <paramref name="i"/> is the header (a length comment's bytes can spell <c>JM</c>, not all eight).</summary>
        public static bool IsHeader(byte[] jmc1, int i) => jmc1.AsSpan(i).StartsWith(Encoding.ASCII.GetBytes("/*JMC1*/"));

        private static string? Compare(JsonElement a, JsonElement b, string path)
        {
            if (a.ValueKind != b.ValueKind)
            {
                return $"{path}: {a.ValueKind} vs {b.ValueKind}";
            }

            switch (a.ValueKind)
            {
                case JsonValueKind.Object:
                    var names = a.EnumerateObject().Select(p => p.Name).ToList();
                    var otherNames = b.EnumerateObject().Select(p => p.Name).ToList();
                    if (!names.SequenceEqual(otherNames))
                    {
                        return $"{path}: members [{string.Join(",", names)}] vs [{string.Join(",", otherNames)}]";
                    }

                    foreach (string name in names)
                    {
                        string? d = Compare(a.GetProperty(name), b.GetProperty(name), path + "." + name);
                        if (d is not null)
                        {
                            return d;
                        }
                    }

                    return null;
                case JsonValueKind.Array:
                    if (a.GetArrayLength() != b.GetArrayLength())
                    {
                        return $"{path}: {a.GetArrayLength()} vs {b.GetArrayLength()} elements";
                    }

                    for (int i = 0; i < a.GetArrayLength(); i++)
                    {
                        string? d = Compare(a[i], b[i], $"{path}[{i}]");
                        if (d is not null)
                        {
                            return d;
                        }
                    }

                    return null;
                case JsonValueKind.Number:
                    return a.GetDouble().Equals(b.GetDouble()) ? null : $"{path}: {a.GetRawText()} vs {b.GetRawText()}";
                case JsonValueKind.String:
                    return a.GetString() == b.GetString() ? null : $"{path}: {a.GetRawText()} vs {b.GetRawText()}";
                default:
                    return null;
            }
        }

        public static string Utf8(byte[] bytes) => Encoding.UTF8.GetString(bytes);
    }
}
