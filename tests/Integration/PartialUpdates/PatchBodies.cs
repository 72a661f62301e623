using System.Buffers;
using System.Text;
using System.Text.Json;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>Patch bodies in either format: JMC1 carries the same data as the JSON text (length comments and a header added).</summary>
internal static class PatchBodies
{
    public const string MergePatchType = "application/merge-patch+json";
    public const string JsonType = "application/json";
    public const string Jmc1Type = "application/jsonc+jmc1";

    public static string ContentType(string format) => format == "jmc1" ? Jmc1Type : MergePatchType;

    public static string Accept(string format) => format == "jmc1" ? Jmc1Type : JsonType;

    public static byte[] Encode(string json, string format) => format == "jmc1" ? Jmc1Of(Encoding.UTF8.GetBytes(json)) : Encoding.UTF8.GetBytes(json);

    /// <summary>
    /// JSON → JMC1, written independently of the runtime: the document header, then a length comment before every
    /// string, name and array. Objects carry no count (a dictionary's count is a hint a reader may do without).
    /// </summary>
    public static byte[] Jmc1Of(byte[] json)
    {
        using JsonDocument document = JsonDocument.Parse(json);
        var output = new ArrayBufferWriter<byte>();
        output.Write("/*JMC1*/"u8);
        Write(document.RootElement);
        return output.WrittenSpan.ToArray();

        void Write(JsonElement element)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Object:
                    output.Write("{"u8);
                    bool first = true;
                    foreach (JsonProperty property in element.EnumerateObject())
                    {
                        if (!first)
                        {
                            output.Write(","u8);
                        }

                        first = false;
                        WriteString(JsonSerializer.Serialize(property.Name));
                        output.Write(":"u8);
                        Write(property.Value);
                    }

                    output.Write("}"u8);
                    break;
                case JsonValueKind.Array:
                    Length(element.GetArrayLength());
                    output.Write("["u8);
                    int i = 0;
                    foreach (JsonElement item in element.EnumerateArray())
                    {
                        if (i++ > 0)
                        {
                            output.Write(","u8);
                        }

                        Write(item);
                    }

                    output.Write("]"u8);
                    break;
                case JsonValueKind.String:
                    WriteString(element.GetRawText());
                    break;
                default:
                    output.Write(Encoding.UTF8.GetBytes(element.GetRawText()));
                    break;
            }
        }

        void WriteString(string quoted)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(quoted);
            Length(bytes.Length - 2);
            output.Write(bytes);
        }

        void Length(int n)
        {
            int encoded = n + 0x0130;
            output.Write([(byte)'/', (byte)'*', (byte)(encoded & 0xFF), (byte)(encoded >> 8), (byte)'*', (byte)'/']);
        }
    }
}
