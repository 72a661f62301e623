#nullable enable
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Jsonable.Runtime.Tests.Infrastructure;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>An error's <see cref="JsonableException.Path"/> names exactly the value that is wrong, in both formats.</summary>
public sealed class ErrorPathTests
{
    private const string Sentinel = "987654321";

    private static readonly Lazy<byte[]> s_twitter = new(() => File.ReadAllBytes(JsonData.DataPath("twitter.json")));

    public static TheoryData<string, string> TwitterCorruptions => new()
    {
        { "$.statuses[3].user.followers_count", "\"x\"" },
        { "$.statuses[3].user.followers_count", "1.5" },
        { "$.statuses[3].user.followers_count", "{}" },
        { "$.statuses[3].user.followers_count", "[1]" },
        { "$.statuses[3].user.followers_count", "true" },
        { "$.statuses[3].user.followers_count", "null" },
        { "$.statuses[3].user.followers_count", "2147483648" },
        { "$.statuses[99].retweet_count", "\"x\"" },
        { "$.statuses[1].retweeted_status.user.friends_count", "\"x\"" },
        { "$.statuses[7].entities.user_mentions[0].indices[1]", "-x" },
        { "$.search_metadata.count", "tru" },
    };

    [Theory]
    [MemberData(nameof(TwitterCorruptions))]
    public void Twitter_CorruptedDeepValue_Json_PathNamesIt(string path, string replacement)
    {
        byte[] doc = JsonableSerializer.SerializeToUtf8Bytes(WithSentinelAt(path), JsonableFormat.Json);
        int at = IndexOfSentinel(doc);
        byte[] corrupt = Replace(doc, at, replacement);

        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson(corrupt));

        Assert.Equal(path, ex.Path);
        Assert.InRange(ex.BytePosition, at, at + replacement.Length);
    }

    [Theory]
    [MemberData(nameof(TwitterCorruptions))]
    public void Twitter_CorruptedDeepValue_Jmc1_PathNamesIt(string path, string replacement)
    {
        // Numbers carry no length comment, so replacing one keeps every other comment true.
        byte[] doc = WithSentinelAt(path).ToJsonable().ToArray();
        int at = IndexOfSentinel(doc);
        byte[] corrupt = Replace(doc, at, replacement);

        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJsonable(corrupt));

        Assert.Equal(path, ex.Path);
        Assert.InRange(ex.BytePosition, at, at + replacement.Length);
    }

    [Fact]
    public void Twitter_OriginalFileCorrupted_PathNamesTheValue()
    {
        // The original file: pretty-printed, members in the file's own order, unknown members included.
        byte[] original = s_twitter.Value;
        int followers = JsonOffsetFinder.ValueOffset(original, "$.statuses[3].user.followers_count");
        Assert.True(followers > 0);
        byte[] corrupt = JsonOffsetFinder.ReplaceNumberAt(original, followers, "\"x\"");

        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson(corrupt));

        Assert.Equal("$.statuses[3].user.followers_count", ex.Path);
        Assert.Equal(followers, ex.BytePosition);
        Assert.Contains("number", ex.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("$.statuses[0].user.followers_count")]
    [InlineData("$.statuses[8].entities.user_mentions[1].indices[0]")]
    [InlineData("$.statuses[4].retweeted_status.user.favourites_count")]
    [InlineData("$.statuses[99].retweet_count")]
    public void Twitter_OriginalFileCorruptedAnywhere_PathAndOffsetMatchSystemTextJson(string path)
    {
        byte[] original = s_twitter.Value;
        int at = JsonOffsetFinder.ValueOffset(original, path);
        Assert.True(at > 0, "STJ found no value at " + path);
        byte[] corrupt = JsonOffsetFinder.ReplaceNumberAt(original, at, "\"x\"");

        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson(corrupt));

        Assert.Equal(path, ex.Path);
        Assert.Equal(at, ex.BytePosition);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DictionaryValue_PathNamesTheKey(JsonableFormat format)
    {
        var station = new Station
        {
            byKey = new Dictionary<string, Reading>
            {
                ["north"] = new Reading { count = 1 },
                ["south-east"] = new Reading { count = int.Parse(Sentinel, System.Globalization.CultureInfo.InvariantCulture) },
            },
        };

        AssertPath(station, format, "$.byKey.south-east.count"); // STJ brackets only names with . ' / " [ ] ( ), space, control characters
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DictionaryValue_SimpleKey_UsesDotNotation(JsonableFormat format)
    {
        var station = new Station { totals = new Dictionary<string, int> { ["a"] = 1, ["b_2"] = 987654321 } };

        AssertPath(station, format, "$.totals.b_2");
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void DictionaryKeyWithEscapes_PathShowsTheUnescapedKey(JsonableFormat format)
    {
        var station = new Station { totals = new Dictionary<string, int> { ["quote\"d\n"] = 987654321 } };

        AssertPath(station, format, "$.totals['quote\"d\n']");
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void ArrayIndices_PathCountsElements(JsonableFormat format)
    {
        var station = new Station { grid = [[1], [2, 3], [4, 5, 987654321]] };

        AssertPath(station, format, "$.grid[2][2]");
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void ListOfObjects_PathCountsElements(JsonableFormat format)
    {
        var station = new Station { items = [new Reading(), new Reading(), new Reading { i64 = 987654321 }] };

        // i64 takes the corruption "x": the path must name the member, not its neighbours.
        AssertPath(station, format, "$.items[2].i64");
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void RootArray_PathStartsWithIndex(JsonableFormat format)
    {
        var readings = new List<Reading> { new(), new() { count = 987654321 } };
        byte[] doc = JsonableSerializer.SerializeToUtf8Bytes(readings, format);
        byte[] corrupt = Replace(doc, IndexOfSentinel(doc), "\"x\"");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<List<Reading>>(corrupt, format));

        Assert.Equal("$[1].count", ex.Path);
    }

    [Fact]
    public void Message_ContainsReasonPathAndPosition()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJson("{\"count\":\"x\"}"u8));

        Assert.Equal("$.count", ex.Path);
        Assert.Equal(9, ex.BytePosition);
        Assert.Contains(ex.Reason, ex.Message, StringComparison.Ordinal);
        Assert.EndsWith("Path: $.count, byte 9.", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ErrorInRootValue_PathIsDollar()
    {
        JsonableException ex = Assert.Throws<JsonableException>(() => Reading.CreateFromJson("[1]"u8));

        Assert.Equal("$", ex.Path);
        Assert.Equal(0, ex.BytePosition);
    }

    private static void AssertPath(Station station, JsonableFormat format, string expectedPath)
    {
        byte[] doc = JsonableSerializer.SerializeToUtf8Bytes(station, format);
        int at = IndexOfSentinel(doc);
        byte[] corrupt = Replace(doc, at, "\"x\"");

        JsonableException ex = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<Station>(corrupt, format));

        Assert.Equal(expectedPath, ex.Path);
        Assert.Equal(at, ex.BytePosition);
    }

    /// <summary>A copy of twitter.json whose integer at <paramref name="path"/> (a member or an index) holds <see cref="Sentinel"/>.</summary>
    private static TwitterRoot WithSentinelAt(string path)
    {
        TwitterRoot root = TwitterRoot.CreateFromJson(s_twitter.Value);
        const int Value = 987654321;
        switch (path)
        {
            case "$.statuses[3].user.followers_count":
                root.statuses![3].user!.followers_count = Value;
                break;
            case "$.statuses[99].retweet_count":
                root.statuses![99].retweet_count = Value;
                break;
            case "$.statuses[1].retweeted_status.user.friends_count":
                root.statuses![1].retweeted_status!.user!.friends_count = Value;
                break;
            case "$.statuses[7].entities.user_mentions[0].indices[1]":
                root.statuses![7].entities!.user_mentions![0].indices![1] = Value;
                break;
            case "$.search_metadata.count":
                root.search_metadata!.count = Value;
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(path), path, "No sentinel slot for this path.");
        }

        return root;
    }

    private static int IndexOfSentinel(byte[] doc)
    {
        int at = IndexOf(doc, Sentinel, 0);
        Assert.True(at >= 0, "The sentinel was not written.");
        Assert.Equal(-1, IndexOf(doc, Sentinel, at + 1));
        return at;
    }

    private static int IndexOf(byte[] doc, string text, int from)
    {
        int i = doc.AsSpan(from).IndexOf(Encoding.UTF8.GetBytes(text));
        return i < 0 ? -1 : from + i;
    }

    private static byte[] Replace(byte[] doc, int at, string replacement) =>
        [.. doc.AsSpan(0, at), .. Encoding.UTF8.GetBytes(replacement), .. doc.AsSpan(at + Sentinel.Length)];
}
