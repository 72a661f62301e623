using System;
using System.Collections.Generic;
using System.Text;
using Jsonable.Samples.RealData;

namespace Jsonable.Mono.Tests
{
    /// <summary>
    /// Hostile input on the netstandard2.0 build: documents cut anywhere, JMC1 length comments that lie, invalid UTF-8,
    /// nesting past the limit. Each fails with <see cref="JsonableException"/> and nothing else, and a lie never shapes data.
    /// </summary>
    internal static class HostileChecks
    {
        public static void Run(Runner runner)
        {
            TwitterRoot head = TwitterRoot.CreateFromJson(JsonData.Read("twitter.json"));
            head.statuses = head.statuses!.GetRange(0, 2);
            byte[] headJson = Encoding.UTF8.GetBytes(head.ToJson());
            byte[] headJmc1 = head.ToJsonable().ToArray();

            runner.Check("truncated: twitter head (JSON) cut at every offset fails with JsonableException only", () =>
                EveryPrefixFails(headJson, bytes => TwitterRoot.CreateFromJson(bytes)));
            runner.Check("truncated: twitter head (JMC1) cut at every offset fails with JsonableException only", () =>
                EveryPrefixFails(headJmc1, bytes => TwitterRoot.CreateFromJsonable(bytes)));

            runner.Check("lying lengths: every JMC1 length comment off by one either fails cleanly or reads the truth", () =>
            {
                int lies = 0, caught = 0;
                foreach (int at in LengthComments(headJmc1))
                {
                    int n = headJmc1[at + 2] + (headJmc1[at + 3] << 8) - 0x130;
                    foreach (int lie in new[] { n - 1, n + 1, n + 100 })
                    {
                        if (lie < 0 || lie > 32207)
                        {
                            continue;
                        }

                        byte[] doc = (byte[])headJmc1.Clone();
                        doc[at + 2] = (byte)((lie + 0x130) & 0xFF);
                        doc[at + 3] = (byte)((lie + 0x130) >> 8);
                        lies++;
                        try
                        {
                            TwitterRoot read = TwitterRoot.CreateFromJsonable(doc);
                            Assert.SameBytes(headJson, Encoding.UTF8.GetBytes(read.ToJson()), $"data read with a lying length at offset {at}");
                        }
                        catch (JsonableException)
                        {
                            caught++;
                        }
                    }
                }

                Assert.True(lies > 100 && caught > lies / 2, $"{lies} lies told, {caught} caught: the checks must have run");
            });

            runner.Check("invalid UTF-8 in a string fails with JsonableException (JSON and JMC1)", () =>
            {
                foreach (byte[] bad in new[] { new byte[] { 0xC0, 0xAF }, new byte[] { 0xED, 0xA0, 0x80 }, new byte[] { 0xF4, 0x90, 0x80, 0x80 }, new byte[] { 0xE2, 0x82 }, new byte[] { 0x80 } })
                {
                    var json = new List<byte>(Encoding.ASCII.GetBytes("{\"text\":\"a"));
                    json.AddRange(bad);
                    json.AddRange(Encoding.ASCII.GetBytes("b\"}"));
                    Assert.Throws<JsonableException>(() => Values.CreateFromJson(json.ToArray()), "invalid UTF-8 " + BitConverter.ToString(bad));

                    string value = "a" + new string('x', bad.Length) + "b";
                    byte[] jmc1 = new Values { Text = value }.ToJsonable().ToArray();
                    int x = IndexOf(jmc1, Encoding.ASCII.GetBytes(value)) + 1;
                    Array.Copy(bad, 0, jmc1, x, bad.Length);
                    Assert.Throws<JsonableException>(() => Values.CreateFromJsonable(jmc1), "invalid UTF-8 in JMC1 " + BitConverter.ToString(bad));
                }
            });

            runner.Check("nesting past MaxDepth fails with JsonableException, not a stack overflow", () =>
            {
                var deep = new StringBuilder();
                for (int i = 0; i < 100_000; i++)
                {
                    deep.Append("{\"next\":");
                }

                Assert.Throws<JsonableException>(() => Node.CreateFromJson(Encoding.ASCII.GetBytes(deep.ToString())), "100000 levels");
            });

            runner.Check("a count comment that claims more elements than the bytes hold fails before allocating them", () =>
            {
                // [1,2] with a count of 30000: the reader must not trust it for an allocation the input cannot back.
                byte[] doc = Encoding.ASCII.GetBytes("/*JMC1*/{/*\u0035\u0001*/\"items\":/*\u0000\u0000*/[1,2]}");
                int at = IndexOf(doc, Encoding.ASCII.GetBytes("[1,2]")) - 4;
                doc[at] = (byte)((30000 + 0x130) & 0xFF);
                doc[at + 1] = (byte)((30000 + 0x130) >> 8);
                Node.CreateFromJsonable(Truthful(doc, at)); // the same document with the true count reads
                JsonableException e = Assert.Throws<JsonableException>(() => Node.CreateFromJsonable(doc), "lying count");
                Assert.True(e.Reason.Contains("length comment"), "the error names the length comment: " + e.Reason);
            });
        }

        private static void EveryPrefixFails(byte[] doc, Action<byte[]> read)
        {
            read(doc); // whole, it is valid
            for (int length = 0; length < doc.Length; length++)
            {
                byte[] prefix = new byte[length];
                Array.Copy(doc, prefix, length);
                Assert.Throws<JsonableException>(() => read(prefix), $"cut at {length} of {doc.Length}");
            }
        }

        /// <summary>Offsets of the 6-byte length comments (not the header) outside strings.</summary>
        private static IEnumerable<int> LengthComments(byte[] jmc1)
        {
            bool inString = false;
            for (int i = 0; i < jmc1.Length; i++)
            {
                byte b = jmc1[i];
                if (inString)
                {
                    if (b == (byte)'\\')
                    {
                        i++;
                    }
                    else if (b == (byte)'"')
                    {
                        inString = false;
                    }
                }
                else if (b == (byte)'/' && jmc1[i + 1] == (byte)'*')
                {
                    if (!JsonData.IsHeader(jmc1, i))
                    {
                        yield return i;
                    }

                    i += JsonData.IsHeader(jmc1, i) ? 7 : 5;
                }
                else
                {
                    inString = b == (byte)'"';
                }
            }
        }

        private static byte[] Truthful(byte[] doc, int at)
        {
            byte[] copy = (byte[])doc.Clone();
            copy[at] = 2 + 0x30;
            copy[at + 1] = 0x01;
            return copy;
        }

        private static int IndexOf(byte[] haystack, byte[] needle) => haystack.AsSpan().IndexOf(needle);
    }
}
