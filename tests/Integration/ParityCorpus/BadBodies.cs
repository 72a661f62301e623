using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Whole bodies that are not a plain valid order: truncated, with trailing bytes, of another JSON kind, empty, with
/// lenient syntax (comments, trailing commas, case-insensitive or unknown names), invalid UTF-8, a BOM.
/// </summary>
internal static class BadBodies
{
    public static IEnumerable<(string Kind, byte[] Body)> All()
    {
        string valid = OrderBodies.Valid();
        foreach (int cut in new[] { 1, 2, 7, 20, 60, 100, 150, 200, valid.Length / 2, valid.Length - 2, valid.Length - 1 })
        {
            yield return ($"truncated at {cut}", Utf8(valid[..cut]));
        }

        foreach (string trailer in new[] { " ", "\n", "x", "}", ",", "{}", "[]", "0", "//c", "/*c*/", "\0" })
        {
            yield return ($"trailing {Escape(trailer)}", Utf8(valid + trailer));
        }

        string[] documents =
        [
            "", " ", "\r\n", "null", "true", "0", "\"order\"", "[]", "[" + valid + "]", "{}", "{\"id\":1}",
            valid.Replace("\"customer\":", "\"Customer\":", StringComparison.Ordinal),
            valid.Replace("\"id\":42", "\"ID\":42", StringComparison.Ordinal),
            valid.Replace("\"id\":42", "\"id\":42,\"id\":43", StringComparison.Ordinal),
            valid.Replace("\"id\":42", "\"id\":42,\"unknown\":{\"a\":[1,2,{}]}", StringComparison.Ordinal),
            valid.Replace("}]", ",}]", StringComparison.Ordinal),
            valid.Replace("\"id\":42", "/*c*/\"id\":42", StringComparison.Ordinal),
            valid.Replace("\"id\":42", "'id':42", StringComparison.Ordinal),
            valid.Replace("\"id\":42", "id:42", StringComparison.Ordinal),
            valid.Replace("\"lines\":[", "\"lines\":[[[[[[[[[[", StringComparison.Ordinal),
            " \t\r\n" + valid + " \t\r\n",
        ];
        foreach (string document in documents)
        {
            yield return ($"document {Escape(document.Length > 40 ? document[..40] + "…" : document)}", Utf8(document));
        }

        byte[] body = Utf8(valid);
        yield return ("UTF-8 BOM", [0xEF, 0xBB, 0xBF, .. body]);
        yield return ("invalid UTF-8 in a string", Replace(body, "fragile", [0x66, 0xC3, 0x28]));
        yield return ("overlong UTF-8 in a string", Replace(body, "fragile", [0x66, 0xC0, 0x80]));
        yield return ("UTF-8 surrogate bytes in a string", Replace(body, "fragile", [0x66, 0xED, 0xA0, 0x80]));
        yield return ("Latin-1 byte in a string", Replace(body, "fragile", [0x66, 0xE9]));
        yield return ("UTF-8 cut inside a character", Replace(body, "fragile", [0x66, 0xE2, 0x82]));
    }

    private static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    private static string Escape(string text) => text.Replace("\0", "\\0", StringComparison.Ordinal)
        .Replace("\n", "\\n", StringComparison.Ordinal).Replace("\r", "\\r", StringComparison.Ordinal).Replace("\t", "\\t", StringComparison.Ordinal);

    private static byte[] Replace(byte[] body, string ascii, byte[] replacement)
    {
        int at = body.AsSpan().IndexOf(Encoding.ASCII.GetBytes(ascii));
        return [.. body.AsSpan(0, at), .. replacement, .. body.AsSpan(at + ascii.Length)];
    }
}
