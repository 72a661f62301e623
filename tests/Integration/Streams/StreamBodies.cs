using System.Text;
using Jsonable.Samples.RealData;

namespace Jsonable.Integration.Tests.Streams;

/// <summary>Request bodies of statuses in the three streamed layouts.</summary>
internal static class StreamBodies
{
    public const string Json = "application/json";
    public const string Jmc1Type = "application/jsonc+jmc1";
    public const string JsonLines = "application/jsonl";
    public const string NdJson = "application/x-ndjson";

    private static readonly byte[] s_twitter = File.ReadAllBytes(JsonData.DataPath("twitter.json"));

    /// <summary>The 100 statuses of twitter.json.</summary>
    public static List<Status> TwitterStatuses() => TwitterRoot.CreateFromJson(s_twitter).statuses!;

    /// <summary><paramref name="statuses"/> as a JSON array, a JMC1 array (with its count), or one JSON document per line.</summary>
    public static byte[] Of(IReadOnlyList<Status> statuses, string contentType)
    {
        if (contentType is JsonLines or NdJson)
        {
            var lines = new MemoryStream();
            foreach (Status status in statuses)
            {
                lines.Write(JsonableSerializer.SerializeToUtf8Bytes(status));
                lines.WriteByte((byte)'\n');
            }

            return lines.ToArray();
        }

        return JsonableSerializer.SerializeToUtf8Bytes(statuses.ToList(), contentType == Jmc1Type ? JsonableFormat.Jmc1 : JsonableFormat.Json);
    }

    /// <summary>
    /// <paramref name="count"/> small statuses (ids 0, 1, ...; user "u") where item <paramref name="bad"/>'s user has the
    /// number 5 for a name; JSON Lines start with two blank lines, so that item is on line bad + 3.
    /// </summary>
    public static byte[] WithBadItem(string contentType, int count, int bad)
    {
        var statuses = new List<Status>();
        for (int i = 0; i < count; i++)
        {
            statuses.Add(new Status { id = i, user = new TwitterUser { name = "u" } });
        }

        byte[] body = Of(statuses, contentType);
        bool jmc1 = contentType == Jmc1Type;
        int at = body.AsSpan().IndexOf(Encoding.UTF8.GetBytes($"\"id\":{bad},"));
        byte[] name = jmc1 ? [.. "/*"u8, 0x34, 0x01, .. "*/\"name\":"u8] : "\"name\":"u8.ToArray();
        int nameAt = body.AsSpan(at).IndexOf(name) + at + name.Length;
        byte[] value = jmc1 ? [.. "/*"u8, 0x31, 0x01, .. "*/\"u\""u8] : "\"u\""u8.ToArray();
        Assert.True(body.AsSpan(nameAt).StartsWith(value));
        byte[] result = [.. body.AsSpan(0, nameAt), (byte)'5', .. body.AsSpan(nameAt + value.Length)];
        return contentType is JsonLines or NdJson ? [.. "\n \r\n"u8, .. result] : result;
    }

    /// <summary>A JMC1 array whose count comment claims <paramref name="count"/> items.</summary>
    public static byte[] WithCount(byte[] jmc1Array, int count)
    {
        Assert.True(jmc1Array.AsSpan().StartsWith("/*JMC1*//*"u8));
        byte[] copy = (byte[])jmc1Array.Clone();
        int encoded = count + 0x130;
        copy[10] = (byte)encoded;
        copy[11] = (byte)(encoded >> 8);
        return copy;
    }
}
