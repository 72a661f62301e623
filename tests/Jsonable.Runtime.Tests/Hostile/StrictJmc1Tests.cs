#nullable enable
using System;
using System.Collections.Generic;
using System.Text;
using Jsonable.Samples.RealData;
using static Jsonable.Tests.Shared.Jmc1Oracle;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>
/// JMC1 comments are accepted only where a writer puts them (docs/jmc1.md): a length comment directly before a
/// string, property name, dictionary key, array or dictionary; a header directly before an object; never two in
/// a row; never the n = 11770 comment. Anything else fails at the comment's offset. Comments stay optional.
/// </summary>
public sealed class StrictJmc1Tests
{
    private const string Prefix = "/*JMC1*/{";

    /// <summary>Each misplaced comment, the document (the misplaced comment follows the marker "@"), and the path.</summary>
    private static readonly Dictionary<string, (object[] Before, object[] After, string Path)> s_misplaced = new()
    {
        ["length comment before a number"] = ([ObjectWithMember("count")], [1, "5}"], "$.count"),
        ["length comment before a negative number"] = ([ObjectWithMember("count")], [2, "-5}"], "$.count"),
        ["length comment before a nullable number"] = ([ObjectWithMember("customer")], [1, "7}"], "$.customer"),
        ["length comment before true"] = ([ObjectWithMember("paid")], [4, "true}"], "$.paid"),
        ["length comment before false"] = ([ObjectWithMember("paid")], [5, "false}"], "$.paid"),
        ["length comment before null"] = ([ObjectWithMember("note")], [4, "null}"], "$.note"),
        ["length comment before an object"] = ([ObjectWithMember("primary")], [1, "{}}"], "$.primary"),
        ["two length comments before a string"] = ([ObjectWithMember("note"), 2], [2, "\"hi\"}"], "$.note"),
        ["two length comments before a name"] = ([Prefix, 5], [5, "\"count\":1}"], "$"),
        ["two length comments before an array"] = ([ObjectWithMember("codes"), 1], [1, "[1]}"], "$.codes"),
        ["length comment before the end of an object"] = ([ObjectWithMember("count"), "1"], [0, "}"], "$"),
        ["length comment before a comma"] = ([ObjectWithMember("count"), "1"], [0, ",", 4, "\"paid\":true}"], "$"),
        ["header before a string"] = ([ObjectWithMember("note")], ["/*JMC1*/\"hi\"}"], "$.note"),
        ["header before a property name"] = ([Prefix], ["/*JMC1*/\"count\":1}"], "$"),
        ["header before a number"] = ([ObjectWithMember("count")], ["/*JMC1*/5}"], "$.count"),
        ["header before null"] = ([ObjectWithMember("primary")], ["/*JMC1*/null}"], "$.primary"),
        ["header before an array"] = ([ObjectWithMember("codes")], ["/*JMC1*/[1]}"], "$.codes"),
        ["header before a dictionary"] = ([ObjectWithMember("tags")], ["/*JMC1*/{\"a\":1}}"], "$.tags"),
        ["two headers before a nested object"] = ([ObjectWithMember("primary"), "/*JMC1*/"], ["/*JMC1*/{}}"], "$.primary"),
        ["header inside an array before a number"] = ([ObjectWithMember("codes"), 1, "["], ["/*JMC1*/1]}"], "$.codes[0]"),
        ["length comment before a skipped member's number"] = ([ObjectWithMember("unknown")], [1, "5}"], "$.unknown"),
        ["header before a skipped member's string"] = ([ObjectWithMember("unknown")], ["/*JMC1*/\"x\"}"], "$.unknown"),
        ["length comment before a number inside a skipped array"] = ([ObjectWithMember("unknown"), 1, "["], [1, "5]}"], "$.unknown"),
        ["two headers at the root"] = (["/*JMC1*/"], ["/*JMC1*/{}"], "$"),
    };

    /// <summary>The names of <see cref="s_misplaced"/>.</summary>
    public static TheoryData<string> Misplaced => new(s_misplaced.Keys);

    [Theory]
    [MemberData(nameof(Misplaced))]
    public void MisplacedComment_IsRejected_AtItsOffset_WithThePath(string name)
    {
        (object[] before, object[] after, string path) = s_misplaced[name];
        byte[] head = Build(before);
        byte[] doc = Build([head, Build(after)]);

        JsonableException ex = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(doc));

        Assert.Equal(head.Length, ex.BytePosition);
        Assert.Equal(path, ex.Path);
        Assert.Contains("JMC1", ex.Reason, StringComparison.Ordinal);

        // Without the misplaced comment the same document is fine: the comment alone is the error.
        byte[] fixedDoc = Build([head, Build(after).AsSpan(CommentSize(after)).ToArray()]);
        Order.CreateFromJsonable(fixedDoc);
    }

    [Fact]
    public void LengthComment11770_IsRejected_EvenWhenTrue()
    {
        string text = new('x', global::Jsonable.Jmc1.UnencodableLength);
        byte[] head = ObjectWithMember("note");
        byte[] doc = Build(head, global::Jsonable.Jmc1.UnencodableLength, "\"" + text + "\"}");
        Assert.Equal("/**/*/", Encoding.ASCII.GetString(doc, head.Length, 6));

        JsonableException ex = Assert.Throws<JsonableException>(() => Order.CreateFromJsonable(doc));

        Assert.Equal(head.Length, ex.BytePosition);
        Assert.Equal("$.note", ex.Path);
        Assert.Contains("11770", ex.Reason, StringComparison.Ordinal);

        // The writer omits that comment, and what it writes reads back.
        var order = new Order { note = text };
        Assert.Equal(text, Order.CreateFromJsonable(order.ToJsonable().Span).note);
        Assert.Equal(-1, order.ToJsonable().Span.IndexOf("/**/*/"u8));
    }

    [Fact]
    public void RootDocumentHeader_MayPrecedeTheRootsLengthComment_AndAnyRootValue()
    {
        Assert.Equal(2, JsonableSerializer.Deserialize<List<Order>>(Build("/*JMC1*/", 2, "[/*JMC1*/{},{}]"), JsonableFormat.Jmc1)!.Count);
        Assert.Equal(2, JsonableSerializer.Deserialize<List<Order>>(Build("/*JMC1*/[{},/*JMC1*/{}]"), JsonableFormat.Jmc1)!.Count);
        Assert.Equal(2, JsonableSerializer.Deserialize<List<Order>>(Build(2, "[{},{}]"), JsonableFormat.Jmc1)!.Count);
        Assert.Null(JsonableSerializer.Deserialize<List<Order>>(Build("/*JMC1*/null"), JsonableFormat.Jmc1));

        JsonableException twoLengths = Assert.Throws<JsonableException>(() => JsonableSerializer.Deserialize<List<Order>>(Build("/*JMC1*/", 2, 2, "[{},{}]"), JsonableFormat.Jmc1));
        Assert.Equal(14, twoLengths.BytePosition);
    }

    [Fact]
    public void PlainJson_ReadAsJmc1_IsAccepted_CommentsAreOptional()
    {
        Order expected = HostileDocuments.CreateOrder();
        Order fromJson = Order.CreateFromJsonable(HostileDocuments.OrderJson());
        Assert.Equal(HostileDocuments.OrderJson(), JsonableSerializer.SerializeToUtf8Bytes(fromJson, JsonableFormat.Json));

        TwitterRoot twitter = TwitterRoot.CreateFromJsonable(HostileDocuments.TwitterJson);
        Assert.Equal(100, twitter.statuses!.Count);
        Assert.Equal(expected.items!.Count, fromJson.items!.Count);
    }

    [Fact]
    public void EveryWrittenDocument_ReadsBack_UnderTheStrictRules()
    {
        Assert.Equal(HostileDocuments.TwitterJmc1, TwitterRoot.CreateFromJsonable(HostileDocuments.TwitterJmc1).ToJsonable().ToArray());
        Assert.Equal(HostileDocuments.OrderJmc1(), Order.CreateFromJsonable(HostileDocuments.OrderJmc1()).ToJsonable().ToArray());
    }

    // ---- which container lied --------------------------------------------------------------------

    [Fact]
    public void OverClaimedRootCount_IsReportedAgainstThatArray_WithClaimAndFound()
    {
        // The issue's case: the root statuses array claims 32207 elements; an honest nested array ran out of room first.
        byte[] doc = (byte[])HostileDocuments.TwitterJmc1.Clone();
        int statuses = IndexOfMember(doc, "statuses");
        Assert.Equal((byte)'[', doc[statuses + 6]);
        LengthComment(32207).CopyTo(doc, statuses);

        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJsonable(doc));

        Assert.Equal("$.statuses", ex.Path);
        Assert.Equal(statuses + 6, ex.BytePosition);
        Assert.Contains("claims 32207 elements", ex.Reason, StringComparison.Ordinal);
        Assert.Contains("the array has 100", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void OverClaimedOuterCount_OnATruncatedDocument_SaysHowManyBytesRemain()
    {
        // Outer claims 5 (fits 12 bytes on its own), inner honest claim 4 cannot fit beside the 4 still reserved.
        byte[] doc = Build(ObjectWithMember("values"), 5, "[", 4, "[1,2,3,4");

        JsonableException ex = Assert.Throws<JsonableException>(() => JaggedHolder.CreateFromJsonable(doc));

        Assert.Equal("$.values", ex.Path);
        Assert.Contains("claims 5 elements", ex.Reason, StringComparison.Ordinal);
        Assert.Contains("bytes remain", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void UnderClaimedCount_SaysHowManyElementsThereAre()
    {
        byte[] doc = Build(ObjectWithMember("values"), 2, "[4,5,6,7]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => IntArrayHolder.CreateFromJsonable(doc));

        Assert.Equal("$.values", ex.Path);
        Assert.Contains("claims 2 elements but the value has 4", ex.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void OverClaimedInnerCount_IsStillReportedAgainstTheInnerArray()
    {
        byte[] doc = Build(ObjectWithMember("values"), 2, "[", 1, "[1],", 3, "[2]]}");

        JsonableException ex = Assert.Throws<JsonableException>(() => JaggedHolder.CreateFromJsonable(doc));

        Assert.Equal("$.values[1]", ex.Path);
        Assert.Contains("claims 3 elements", ex.Reason, StringComparison.Ordinal);
    }

    private static int IndexOfMember(byte[] doc, string name)
    {
        int at = doc.AsSpan().IndexOf(Encoding.UTF8.GetBytes("\"" + name + "\":"));
        Assert.True(at >= 0, name + " not found");
        return at + name.Length + 3;
    }

    private static int CommentSize(object[] after) => after[0] switch
    {
        int => global::Jsonable.Jmc1.LengthCommentSize,
        string s when s.StartsWith("/*JMC1*/", StringComparison.Ordinal) => global::Jsonable.Jmc1.Header.Length,
        _ => throw new ArgumentException("The misplaced comment must come first", nameof(after)),
    };
}
