#nullable enable
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>
/// Finds where the value at a JSON path starts, using System.Text.Json's reader: an independent way to check the
/// offsets and paths Jsonable reports.
/// </summary>
internal static class JsonOffsetFinder
{
    /// <summary>The byte offset of the value at <paramref name="path"/> (simple paths: <c>$.a[3].b</c>), or -1.</summary>
    public static int ValueOffset(byte[] json, string path)
    {
        var reader = new Utf8JsonReader(json, new JsonReaderOptions { CommentHandling = JsonCommentHandling.Skip });
        var segments = new List<string>();
        var arrayIndices = new Stack<int>();
        while (reader.Read())
        {
            switch (reader.TokenType)
            {
                case JsonTokenType.PropertyName:
                    segments.Add("." + reader.GetString());
                    continue; // the value comes next
                case JsonTokenType.EndObject or JsonTokenType.EndArray:
                    if (reader.TokenType == JsonTokenType.EndArray)
                    {
                        arrayIndices.Pop();
                        segments.RemoveAt(segments.Count - 1);
                    }

                    EndValue(segments, arrayIndices, reader.CurrentDepth);
                    continue;
            }

            if (("$" + string.Concat(segments)) == path)
            {
                return checked((int)reader.TokenStartIndex);
            }

            if (reader.TokenType == JsonTokenType.StartArray)
            {
                arrayIndices.Push(0);
                segments.Add("[0]");
            }
            else if (reader.TokenType != JsonTokenType.StartObject)
            {
                EndValue(segments, arrayIndices, reader.CurrentDepth);
            }
        }

        return -1;
    }

    // After a complete value: drop its member name, or move its array to the next index.
    private static void EndValue(List<string> segments, Stack<int> arrayIndices, int depth)
    {
        if (segments.Count == 0 || depth == 0)
        {
            return;
        }

        string last = segments[^1];
        if (last.StartsWith('['))
        {
            int next = arrayIndices.Pop() + 1;
            arrayIndices.Push(next);
            segments[^1] = "[" + next.ToString(CultureInfo.InvariantCulture) + "]";
        }
        else
        {
            segments.RemoveAt(segments.Count - 1);
        }
    }

    /// <summary>Replaces the number that starts at <paramref name="offset"/> with <paramref name="replacement"/>.</summary>
    public static byte[] ReplaceNumberAt(byte[] json, int offset, string replacement)
    {
        int end = offset;
        while (end < json.Length && (char.IsAsciiDigit((char)json[end]) || json[end] is (byte)'-' or (byte)'.' or (byte)'e' or (byte)'E' or (byte)'+'))
        {
            end++;
        }

        return [.. json.AsSpan(0, offset), .. Encoding.UTF8.GetBytes(replacement), .. json.AsSpan(end)];
    }
}
