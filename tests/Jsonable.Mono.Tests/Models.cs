using System;
using System.Collections.Generic;

namespace Jsonable.Mono.Tests
{
    /// <summary>Every kind of scalar the fallbacks format or parse differently from net10.0's in-box members.</summary>
    [ToJson, FromJson]
    public partial class Values
    {
        public double[]? Doubles { get; set; }
        public float[]? Floats { get; set; }
        public decimal[]? Decimals { get; set; }
        public long[]? Longs { get; set; }
        public ulong Big { get; set; }
        public string? Text { get; set; }
        public List<string>? Texts { get; set; }
        public char Letter { get; set; }
        public bool Flag { get; set; }
        public DateTime When { get; set; }
        public DateTimeOffset WhenOffset { get; set; }
        public TimeSpan Span { get; set; }
        public Guid Id { get; set; }
        public Uri? Link { get; set; }
        public byte[]? Blob { get; set; }
        public Dictionary<string, int>? Counts { get; set; }
        public Dictionary<long, string>? ByNumber { get; set; }
        public Values? Child { get; set; }
    }

    /// <summary>A nested holder, for depth limits.</summary>
    [ToJson, FromJson]
    public partial class Node
    {
        public Node? Next { get; set; }
        public List<int>? Items { get; set; }
    }
}
