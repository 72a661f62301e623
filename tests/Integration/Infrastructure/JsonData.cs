#nullable enable
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.Json;
using Xunit.Sdk;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>Compares JSON documents as data (member order, escaping and number spelling do not matter).</summary>
public static class JsonData
{
    private static readonly JsonDocumentOptions s_options = new()
    {
        AllowTrailingCommas = false,
        CommentHandling = JsonCommentHandling.Disallow,
        MaxDepth = 256,
    };

    /// <summary>
    /// Parses both UTF-8 documents and compares them as data. Returns <see langword="null"/> when they are equal,
    /// otherwise a message naming the JSON path of the first difference and both values.
    /// </summary>
    public static string? FirstDifference(ReadOnlySpan<byte> expectedUtf8, ReadOnlySpan<byte> actualUtf8)
    {
        using JsonDocument expected = Parse(expectedUtf8, nameof(expectedUtf8));
        using JsonDocument actual = Parse(actualUtf8, nameof(actualUtf8));
        return Compare(expected.RootElement, actual.RootElement, "$");
    }

    /// <summary>Throws <see cref="XunitException"/> describing the first difference when the documents differ as data.</summary>
    public static void AssertEqual(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        string? difference = FirstDifference(expected, actual);
        if (difference is not null)
        {
            throw new XunitException("JSON documents differ: " + difference);
        }
    }

    /// <summary>Compares a JMC1 document with a JSON one as data, after removing the JMC1 comments.</summary>
    public static void AssertJmc1EqualsJson(ReadOnlySpan<byte> expectedJson, ReadOnlySpan<byte> actualJmc1)
        => AssertEqual(expectedJson, Jmc1Text.StripComments(actualJmc1));

    private static JsonDocument Parse(ReadOnlySpan<byte> utf8, string parameterName)
    {
        try
        {
            return JsonDocument.Parse(utf8.ToArray(), s_options);
        }
        catch (JsonException ex)
        {
            throw new ArgumentException("The document is not valid JSON: " + ex.Message, parameterName, ex);
        }
    }

    private static string? Compare(JsonElement expected, JsonElement actual, string path)
    {
        if (Kind(expected.ValueKind) != Kind(actual.ValueKind))
        {
            return Describe(path, expected, actual);
        }

        switch (expected.ValueKind)
        {
            case JsonValueKind.Object:
                return CompareObjects(expected, actual, path);
            case JsonValueKind.Array:
                return CompareArrays(expected, actual, path);
            case JsonValueKind.String:
                return string.Equals(expected.GetString(), actual.GetString(), StringComparison.Ordinal)
                    ? null
                    : Describe(path, expected, actual);
            case JsonValueKind.Number:
                return NumbersEqual(expected, actual) ? null : Describe(path, expected, actual);
            default:
                // True, False and Null: equal kinds mean equal values.
                return expected.ValueKind == actual.ValueKind ? null : Describe(path, expected, actual);
        }
    }

    private static string? CompareObjects(JsonElement expected, JsonElement actual, string path)
    {
        Dictionary<string, JsonElement> expectedMembers = Members(expected, path, "expected", out string? error);
        if (error is not null)
        {
            return error;
        }

        Dictionary<string, JsonElement> actualMembers = Members(actual, path, "actual", out error);
        if (error is not null)
        {
            return error;
        }

        foreach (KeyValuePair<string, JsonElement> member in expectedMembers)
        {
            string memberPath = MemberPath(path, member.Key);
            if (!actualMembers.TryGetValue(member.Key, out JsonElement actualValue))
            {
                return memberPath + ": expected " + Show(member.Value) + " but the member is absent in actual";
            }

            string? difference = Compare(member.Value, actualValue, memberPath);
            if (difference is not null)
            {
                return difference;
            }
        }

        foreach (KeyValuePair<string, JsonElement> member in actualMembers)
        {
            if (!expectedMembers.ContainsKey(member.Key))
            {
                return MemberPath(path, member.Key) + ": the member is absent in expected but actual has " + Show(member.Value);
            }
        }

        return null;
    }

    private static Dictionary<string, JsonElement> Members(JsonElement obj, string path, string which, out string? error)
    {
        Dictionary<string, JsonElement> members = new(StringComparer.Ordinal);
        error = null;
        foreach (JsonProperty property in obj.EnumerateObject())
        {
            if (!members.TryAdd(property.Name, property.Value))
            {
                error = MemberPath(path, property.Name) + ": duplicate member name in " + which;
                break;
            }
        }

        return members;
    }

    private static string? CompareArrays(JsonElement expected, JsonElement actual, string path)
    {
        int expectedLength = expected.GetArrayLength();
        int actualLength = actual.GetArrayLength();
        int common = Math.Min(expectedLength, actualLength);
        for (int i = 0; i < common; i++)
        {
            string? difference = Compare(expected[i], actual[i], path + "[" + i.ToString(CultureInfo.InvariantCulture) + "]");
            if (difference is not null)
            {
                return difference;
            }
        }

        return expectedLength == actualLength
            ? null
            : path + ": expected an array of " + expectedLength.ToString(CultureInfo.InvariantCulture)
                + " items but actual has " + actualLength.ToString(CultureInfo.InvariantCulture);
    }

    private static bool NumbersEqual(JsonElement expected, JsonElement actual)
    {
        if (expected.TryGetDecimal(out decimal expectedDecimal) && actual.TryGetDecimal(out decimal actualDecimal))
        {
            return expectedDecimal == actualDecimal;
        }

        if (expected.TryGetDouble(out double expectedDouble) && actual.TryGetDouble(out double actualDouble))
        {
            return expectedDouble.Equals(actualDouble);
        }

        // Out of double range on at least one side: only identical spellings are known to be equal.
        return string.Equals(expected.GetRawText(), actual.GetRawText(), StringComparison.Ordinal);
    }

    private static JsonValueKind Kind(JsonValueKind kind) => kind == JsonValueKind.False ? JsonValueKind.True : kind;

    private static string MemberPath(string path, string name)
    {
        foreach (char c in name)
        {
            if (!(char.IsAsciiLetterOrDigit(c) || c == '_' || c == '$'))
            {
                return path + "[\"" + JsonEncodedText.Encode(name).ToString() + "\"]";
            }
        }

        return name.Length == 0 ? path + "[\"\"]" : path + "." + name;
    }

    private static string Describe(string path, JsonElement expected, JsonElement actual)
        => path + ": expected " + Show(expected) + " but actual is " + Show(actual);

    private static string Show(JsonElement element)
    {
        const int MaxLength = 120;
        string raw = element.GetRawText();
        if (raw.Length > MaxLength)
        {
            raw = raw.Substring(0, MaxLength) + "...";
        }

        return element.ValueKind switch
        {
            JsonValueKind.Object => "an object " + raw,
            JsonValueKind.Array => "an array " + raw,
            _ => raw,
        };
    }
}
