using System;

namespace Jsonable.Runtime.Tests.Jmc1;

/// <summary>
/// The oracle the other tests build and strip JMC1 with, held to docs/jmc1.md's own bytes and spelling, so that a
/// mistake in the oracle cannot hide the same mistake in the writer.
/// </summary>
public sealed class Jmc1OracleTests
{
    /// <summary>docs/jmc1.md's example, each length comment's two middle bytes written as <c>\xNN</c>.</summary>
    private const string DocsExample = """/*JMC1*/{/*\x34\x01*/"Name":/*\x32\x01*/"Hi",/*\x34\x01*/"Nums":/*\x33\x01*/[1,2,3]}""";

    [Theory]
    [InlineData(0, new byte[] { 0x2F, 0x2A, 0x30, 0x01, 0x2A, 0x2F })]
    [InlineData(4, new byte[] { 0x2F, 0x2A, 0x34, 0x01, 0x2A, 0x2F })]
    [InlineData(208, new byte[] { 0x2F, 0x2A, 0x00, 0x02, 0x2A, 0x2F })]
    [InlineData(32207, new byte[] { 0x2F, 0x2A, 0xFF, 0x7E, 0x2A, 0x2F })]
    public void LengthComment_IsNPlus0x130_LittleEndian_BetweenSlashStarAndStarSlash(int n, byte[] expected)
    {
        Assert.Equal(expected, Jmc1Oracle.LengthComment(n));
    }

    [Fact]
    public void DocsExample_IsWhatTheOracleBuilds_WhatTheWriterWrites_AndReadsBackAsSpelled()
    {
        var value = new Greeting { Name = "Hi", Nums = [1, 2, 3] };
        byte[] written = JsonableSerializer.SerializeToUtf8Bytes(value, JsonableFormat.Jmc1);
        byte[] spelled = Jmc1Oracle.FromReadable(DocsExample);

        Jmc1Bytes.AssertEqual(Jmc1Oracle.Build("/*JMC1*/{", 4, "\"Name\":", 2, "\"Hi\",", 4, "\"Nums\":", 3, "[1,2,3]}"), spelled);
        Jmc1Bytes.AssertEqual(spelled, written);
        Assert.Equal(DocsExample, Jmc1Oracle.Readable(written));
        Jmc1Bytes.AssertEqual("{\"Name\":\"Hi\",\"Nums\":[1,2,3]}"u8, Jmc1Oracle.StripComments(written));
    }

    [Fact]
    public void FromReadable_SlashStarBackslashXNotALengthComment_IsAFormatError()
    {
        Assert.Throws<FormatException>(() => Jmc1Oracle.FromReadable("""/*JMC1*/{/*\x34*/"Name":1}"""));
    }
}
