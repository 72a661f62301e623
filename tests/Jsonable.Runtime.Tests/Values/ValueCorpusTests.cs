using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Runtime.Tests.Hostile;
using Xunit.Sdk;

namespace Jsonable.Runtime.Tests.Values;

/// <summary>
/// Every supported scalar type read as System.Text.Json reads it under ASP.NET Core's web defaults: for each literal
/// of the corpus the generated reader (JSON and JMC1) accepts exactly when STJ does and produces the same value
/// (bit-exact for floating point, same kind and offset for dates); and every accepted value is written as STJ writes it
/// (escaping aside, see docs/types.md) and round-trips through JMC1.
/// </summary>
public sealed class ValueCorpusTests
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };

    private static readonly Dictionary<string, IValueCase> s_cases = new()
    {
        ["bool"] = Case<BoolBox, bool>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Bool),
        ["sbyte"] = Case<SByteBox, sbyte>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(sbyte.MinValue, (ulong)sbyte.MaxValue)),
        ["byte"] = Case<ByteBox, byte>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(0, byte.MaxValue)),
        ["short"] = Case<Int16Box, short>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(short.MinValue, (ulong)short.MaxValue)),
        ["ushort"] = Case<UInt16Box, ushort>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(0, ushort.MaxValue)),
        ["int"] = Case<Int32Box, int>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(int.MinValue, int.MaxValue)),
        ["uint"] = Case<UInt32Box, uint>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(0, uint.MaxValue)),
        ["long"] = Case<Int64Box, long>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(long.MinValue, long.MaxValue)),
        ["ulong"] = Case<UInt64Box, ulong>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Integer(0, ulong.MaxValue)),
        ["float"] = Case<SingleBox, float>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Floating),
        ["double"] = Case<DoubleBox, double>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Floating),
        ["decimal"] = Case<DecimalBox, decimal>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Decimal),
        ["char"] = Case<CharBox, char>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Char),
        ["enum"] = Case<EnumNumberBox, CorpusColor>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.EnumNumber),
        ["enum-string"] = Case<EnumStringBox, CorpusColor>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.EnumString),
        ["flags"] = Case<FlagsNumberBox, CorpusAccess>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.EnumNumber),
        ["flags-string"] = Case<FlagsStringBox, CorpusAccess>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.FlagsString),
        ["string"] = Case<StringBox, string?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.String),
        ["Guid"] = Case<GuidBox, Guid>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Guid),
        ["DateTime"] = Case<DateTimeBox, DateTime>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.DateTime),
        ["DateTimeOffset"] = Case<DateTimeOffsetBox, DateTimeOffset>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.DateTime),
        ["DateOnly"] = Case<DateOnlyBox, DateOnly>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.DateOnly),
        ["TimeOnly"] = Case<TimeOnlyBox, TimeOnly>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.TimeOnly),
        ["TimeSpan"] = Case<TimeSpanBox, TimeSpan>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.TimeSpan),
        ["Uri"] = Case<UriBox, Uri?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Uri),
        ["byte[]"] = Case<BytesBox, byte[]?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.Bytes),
        ["int?"] = Case<NullableInt32Box, int?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.NullableInt32),
        ["double?"] = Case<NullableDoubleBox, double?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.NullableDouble),
        ["DateTime?"] = Case<NullableDateTimeBox, DateTime?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.DateTime),
        ["DateTimeOffset?"] = Case<NullableDateTimeOffsetBox, DateTimeOffset?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.DateTime),
        ["Guid?"] = Case<NullableGuidBox, Guid?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.NullableGuid),
        ["enum-string?"] = Case<NullableEnumStringBox, CorpusColor?>(b => b.Value, v => new() { Value = v }, ValueCorpusLiterals.NullableEnumString),
    };

    /// <summary>Every (type, literal) pair of the corpus.</summary>
    public static TheoryData<string, string> Corpus
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach ((string type, IValueCase valueCase) in s_cases)
            {
                foreach (string literal in valueCase.Literals)
                {
                    data.Add(type, literal);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Corpus))]
    public void Reads_and_writes_as_System_Text_Json_does(string type, string literal)
    {
        string? difference = s_cases[type].FirstDifference(literal);
        if (difference is not null)
        {
            throw new XunitException($"{type} {literal}: {difference}");
        }
    }

    [Fact]
    public void The_corpus_covers_every_type_with_valid_and_invalid_literals()
    {
        // A corpus that only refuses (or only accepts) would agree with STJ trivially.
        foreach ((string type, IValueCase valueCase) in s_cases)
        {
            int accepted = valueCase.Literals.Count(valueCase.StjAccepts);
            Assert.True(accepted >= 2, $"{type}: only {accepted} literals are valid");
            Assert.True(valueCase.Literals.Count - accepted >= 5, $"{type}: only {valueCase.Literals.Count - accepted} literals are invalid");
        }
    }

    private static IValueCase Case<TBox, TValue>(Func<TBox, TValue> get, Func<TValue, TBox> make, IEnumerable<string> literals)
        where TBox : class
        => new ValueCase<TBox, TValue>(get, make, ValueCorpusLiterals.Distinct(literals).ToList());

    private interface IValueCase
    {
        IReadOnlyList<string> Literals { get; }

        bool StjAccepts(string literal);

        string? FirstDifference(string literal);
    }

    private sealed class ValueCase<TBox, TValue>(Func<TBox, TValue> get, Func<TValue, TBox> make, IReadOnlyList<string> literals) : IValueCase
        where TBox : class
    {
        public IReadOnlyList<string> Literals => literals;

        public bool StjAccepts(string literal) => ReadStj(literal).Accepted;

        public string? FirstDifference(string literal)
        {
            (bool stjAccepted, string stjValue) = ReadStj(literal);
            byte[] json = Encoding.UTF8.GetBytes("{\"Value\":" + literal + "}");
            foreach ((string format, byte[] document, JsonableFormat wire) in new[] { ("JSON", json, JsonableFormat.Json), ("JMC1", ToJmc1(literal), JsonableFormat.Jmc1) })
            {
                (bool accepted, string value) = ReadJsonable(document, wire);
                if (stjAccepted && !accepted && stjValue.Contains("Infinity", StringComparison.Ordinal) && value.Contains("does not fit", StringComparison.Ordinal))
                {
                    // The listed difference (docs/http.md, number-beyond-its-type): a finite number too large for its type is
                    // refused at its path, where STJ stores an infinity it cannot write back.
                    continue;
                }

                if (accepted != stjAccepted)
                {
                    return $"{format}: STJ {(stjAccepted ? "accepts " + stjValue : "refuses (" + stjValue + ")")}, Jsonable {(accepted ? "accepts " + value : "refuses (" + value + ")")}";
                }

                if (accepted && value != stjValue)
                {
                    return $"{format}: STJ reads {stjValue}, Jsonable {value}";
                }
            }

            return stjAccepted ? WriteDifference(JsonSerializer.Deserialize<TBox>(json, s_web)!) : null;
        }

        private (bool Accepted, string Value) ReadStj(string literal)
        {
            try
            {
                TBox? box = JsonSerializer.Deserialize<TBox>("{\"Value\":" + literal + "}", s_web);
                return (true, Canonical(get(box!)));
            }
            catch (JsonException e)
            {
                return (false, e.Message);
            }
        }

        private (bool Accepted, string Value) ReadJsonable(byte[] document, JsonableFormat format)
        {
            try
            {
                TBox? box = JsonableSerializer.Deserialize<TBox>(document, format);
                return (true, Canonical(get(box!)));
            }
            catch (JsonableException e)
            {
                return (false, e.Message);
            }
        }

        /// <summary>The value as STJ writes it against Jsonable's JSON (escaping aside), and Jsonable's JMC1 read back.</summary>
        private string? WriteDifference(TBox stjBox)
        {
            TValue value = get(stjBox);
            TBox box = make(value);
            byte[] stjBytes;
            try
            {
                stjBytes = JsonSerializer.SerializeToUtf8Bytes(box, s_web);
            }
            catch (ArgumentException)
            {
                // STJ reads an overflowing number as infinity but will not write one: neither must Jsonable.
                return Refuses(() => JsonableSerializer.SerializeToUtf8Bytes(box, JsonableFormat.Json)) ? null : "written: STJ refuses, Jsonable writes";
            }

            string expected = ValueText(stjBytes, out string? expectedString);
            string actual = ValueText(JsonableSerializer.SerializeToUtf8Bytes(box, JsonableFormat.Json), out string? actualString);
            if (expected != actual && (expectedString is null || expectedString != actualString))
            {
                return $"written: STJ {expected}, Jsonable {actual}";
            }

            byte[] jmc1 = JsonableSerializer.SerializeToUtf8Bytes(box, JsonableFormat.Jmc1);
            TBox roundTripped = JsonableSerializer.Deserialize<TBox>(jmc1, JsonableFormat.Jmc1)!;
            string back = Canonical(get(roundTripped));
            return back == Canonical(value) ? null : $"JMC1 round trip: wrote {Canonical(value)}, read {back}";
        }
    }

    private static bool Refuses(Action write)
    {
        try
        {
            write();
            return false;
        }
        catch (JsonableException)
        {
            return true;
        }
    }

    /// <summary>The JMC1 form of <c>{"Value":literal}</c>: the header, the member name's and a string value's length comments.</summary>
    private static byte[] ToJmc1(string literal)
    {
        byte[] value = Encoding.UTF8.GetBytes(literal);
        bool isString = value.Length >= 2 && value[0] == (byte)'"' && value[^1] == (byte)'"';
        return isString
            ? Jmc1Oracle.Build(Jmc1Oracle.ObjectWithMember("Value"), value.Length - 2, value, "}")
            : Jmc1Oracle.Build(Jmc1Oracle.ObjectWithMember("Value"), value, "}");
    }

    /// <summary>The raw text of the one member's value; for a string, its unescaped value too.</summary>
    private static string ValueText(byte[] document, out string? unescaped)
    {
        using JsonDocument parsed = JsonDocument.Parse(document);
        JsonElement element = parsed.RootElement.EnumerateObject().Single().Value;
        unescaped = element.ValueKind == JsonValueKind.String ? element.GetString() : null;
        return element.GetRawText();
    }

    /// <summary>A value as text that tells apart everything a reader could get wrong (bits, kind, offset, scale).</summary>
    private static string Canonical(object? value) => value switch
    {
        null => "null",
        float f => $"float {f.ToString("R", CultureInfo.InvariantCulture)} (0x{BitConverter.SingleToInt32Bits(f):X8})",
        double d => $"double {d.ToString("R", CultureInfo.InvariantCulture)} (0x{BitConverter.DoubleToInt64Bits(d):X16})",
        DateTime t => $"DateTime {t.ToString("O", CultureInfo.InvariantCulture)} Kind={t.Kind}",
        DateTimeOffset t => $"DateTimeOffset {t.ToString("O", CultureInfo.InvariantCulture)}",
        byte[] bytes => "bytes " + Convert.ToHexString(bytes),
        Uri uri => $"Uri {uri.OriginalString} (absolute: {uri.IsAbsoluteUri})",
        TimeOnly t => $"TimeOnly {t.Ticks}",
        TimeSpan t => $"TimeSpan {t.Ticks}",
        char c => $"char U+{(int)c:X4}",
        string s => "string " + string.Join(' ', s.Select(c => ((int)c).ToString("X4", CultureInfo.InvariantCulture))),
        Enum e => $"{e.GetType().Name} {Convert.ToInt64(e, CultureInfo.InvariantCulture)}",
        IFormattable f => $"{value.GetType().Name} {f.ToString(null, CultureInfo.InvariantCulture)}",
        _ => $"{value.GetType().Name} {value}",
    };
}
