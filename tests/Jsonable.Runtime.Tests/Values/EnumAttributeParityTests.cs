using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Jsonable.Runtime.Tests.Values;

/// <summary>
/// Enums named by <c>[JsonConverter(typeof(JsonStringEnumConverter))]</c> on the member or on the enum type, against
/// System.Text.Json with <see cref="JsonSerializerOptions.Web"/>: every value (each member, each pair of members OR-ed,
/// values without a name, the underlying type's limits) is written as STJ writes it, and every literal of the corpus
/// (names in every case, combinations with and without spaces, integers as numbers and as strings) is read as the same
/// value or refused when STJ refuses it — in JSON and in JMC1 (compared once its comments are stripped), and as
/// dictionary keys.
/// </summary>
public sealed class EnumAttributeParityTests
{
    private static readonly string[] s_commonLiterals =
    [
        "\"1\"", "\" 2 \"", "\"+1\"", "\"-1\"", "\"01\"", "\"-129\"", "\"127\"", "\"128\"", "\"255\"", "\"256\"", "\"7\"",
        "\"18446744073709551615\"", "\"-9223372036854775808\"", "\"9223372036854775808\"", "\"1, 2\"", "\"1.0\"",
        "1", "-1", "7", "127", "128", "255", "256", "-129", "18446744073709551615", "-9223372036854775808", "1.0",
        "\"\"", "\" \"", "\",\"", "\"nope\"", "null", "true", "{}",
    ];

    public static TheoryData<string> Members() => new(typeof(MemberNamedEnums).GetProperties().Select(p => p.Name));

    public static TheoryData<string> TypeMembers() => new(typeof(TypeNamedEnums).GetProperties().Where(p => p.Name != "List").Select(p => p.Name));

    public static TheoryData<string> Orders() => new(typeof(MemberNamedOrders).GetProperties().Where(p => p.Name != "Keys").Select(p => p.Name));

    public static TheoryData<string> Maps() => new(typeof(EnumKeyedMaps).GetProperties().Select(p => p.Name));

    [Theory]
    [MemberData(nameof(Members))]
    public void MemberAnnotated_WritesEveryValue_AsStj(string member) => WritesEveryValue<MemberNamedEnums>(member);

    [Theory]
    [MemberData(nameof(TypeMembers))]
    public void TypeAnnotated_WritesEveryValue_AsStj(string member) => WritesEveryValue<TypeNamedEnums>(member);

    [Theory]
    [MemberData(nameof(Members))]
    public void MemberAnnotated_ReadsEveryLiteral_AsStj(string member) => ReadsEveryLiteral<MemberNamedEnums>(member);

    [Theory]
    [MemberData(nameof(TypeMembers))]
    public void TypeAnnotated_ReadsEveryLiteral_AsStj(string member) => ReadsEveryLiteral<TypeNamedEnums>(member);

    [Theory]
    [MemberData(nameof(Orders))]
    public void MembersOutOfValueOrder_WrittenAndReadAsStj(string member)
    {
        WritesEveryValue<MemberNamedOrders>(member);
        ReadsEveryLiteral<MemberNamedOrders>(member);
    }

    [Fact]
    public void KeysOutOfValueOrder_WrittenAndReadAsStj()
    {
        foreach (ParityReversed value in Values(typeof(ParityReversed)).Cast<ParityReversed>())
        {
            AssertWritesAlike(new MemberNamedOrders { Keys = new() { [value] = 1 } }, $"key {value}");
        }

        foreach (string literal in Literals(typeof(ParityReversed)).Where(l => l.StartsWith('"')))
        {
            AssertReadsAlike<MemberNamedOrders>($"{{\"keys\":{{{literal}:1}}}}", b => Show(b.Keys));
        }
    }

    [Fact]
    public void TypeAnnotated_ListOfFlags_WrittenAndReadAsStj()
    {
        var box = new TypeNamedEnums { List = Values(typeof(TypedRenamedFlags)).Select(v => (TypedRenamedFlags)v).ToList() };
        AssertWritesAlike(box, "list of every value");
        AssertReadsAlike<TypeNamedEnums>("{\"list\":[\"r\",\"R\",\"rw\",\"RW\",\"exec, r\",\"readWrite\",\"Write-Access, Exec\",3,\"8\"]}", b => Show(b.List));
    }

    [Theory]
    [MemberData(nameof(Maps))]
    public void EnumKeys_WrittenAndReadAsStj(string member)
    {
        PropertyInfo property = typeof(EnumKeyedMaps).GetProperty(member)!;
        Type enumType = property.PropertyType.GetGenericArguments()[0];
        foreach (object value in Values(enumType))
        {
            var map = (IDictionary)Activator.CreateInstance(property.PropertyType)!;
            map[value] = 1;
            var box = new EnumKeyedMaps();
            property.SetValue(box, map);
            AssertWritesAlike(box, $"{member} key {value}");
        }

        foreach (string literal in Literals(enumType).Where(l => l.StartsWith('"')))
        {
            string name = property.GetCustomAttribute<JsonPropertyNameAttribute>()!.Name;
            AssertReadsAlike<EnumKeyedMaps>($"{{\"{name}\":{{{literal}:1}}}}", b => Show(property.GetValue(b)));
        }
    }

    private static void WritesEveryValue<TBox>(string member)
        where TBox : new()
    {
        PropertyInfo property = typeof(TBox).GetProperty(member)!;
        Type enumType = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
        foreach (object value in Values(enumType))
        {
            var box = new TBox();
            property.SetValue(box, value);
            AssertWritesAlike(box, $"{member} = {value}");
        }
    }

    private static void ReadsEveryLiteral<TBox>(string member)
    {
        PropertyInfo property = typeof(TBox).GetProperty(member)!;
        Type enumType = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
        string name = property.GetCustomAttribute<JsonPropertyNameAttribute>()!.Name;
        foreach (string literal in Literals(enumType))
        {
            AssertReadsAlike<TBox>($"{{\"{name}\":{literal}}}", b => Show(property.GetValue(b)));
        }
    }

    private static void AssertWritesAlike<TBox>(TBox box, string what)
    {
        string expected = Run(() => JsonSerializer.Serialize(box, JsonSerializerOptions.Web));
        string json = Run(() => Encoding.UTF8.GetString(JsonableSerializer.SerializeToUtf8Bytes(box)));
        string jmc1 = Run(() => Encoding.UTF8.GetString(Jmc1Oracle.StripComments(JsonableSerializer.SerializeToUtf8Bytes(box, JsonableFormat.Jmc1))));
        Assert.True(expected == json, $"{what}: STJ {expected}, Jsonable {json}");
        Assert.True(expected == jmc1, $"{what}: STJ {expected}, Jsonable JMC1 {jmc1}");
    }

    private static void AssertReadsAlike<TBox>(string json, Func<TBox, string> show)
    {
        string expected = Run(() => show(JsonSerializer.Deserialize<TBox>(json, JsonSerializerOptions.Web)!));
        string actual = Run(() => show(JsonableSerializer.Deserialize<TBox>(Encoding.UTF8.GetBytes(json))!));
        string jmc1 = Run(() => show(JsonableSerializer.Deserialize<TBox>(Encoding.UTF8.GetBytes("/*JMC1*/" + json), JsonableFormat.Jmc1)!));
        Assert.True(expected == actual, $"{json}: STJ {expected}, Jsonable {actual}");
        Assert.True(expected == jmc1, $"{json}: STJ {expected}, Jsonable JMC1 {jmc1}");
    }

    /// <summary>Each member, each pair OR-ed, and values without a name: small numbers, -1, the underlying type's limits.</summary>
    private static List<object> Values(Type enumType)
    {
        Type underlying = Enum.GetUnderlyingType(enumType);
        bool unsigned = underlying == typeof(byte) || underlying == typeof(ushort) || underlying == typeof(uint) || underlying == typeof(ulong);
        int bits = System.Runtime.InteropServices.Marshal.SizeOf(underlying) * 8;
        ulong[] defined = Enum.GetValues(enumType).Cast<object>().Select(v => unsigned ? Convert.ToUInt64(v, CultureInfo.InvariantCulture) : unchecked((ulong)Convert.ToInt64(v, CultureInfo.InvariantCulture))).ToArray();
        var candidates = new List<ulong>(defined);
        candidates.AddRange(from a in defined from b in defined select a | b);
        candidates.AddRange(Enumerable.Range(0, 17).Select(i => (ulong)i));
        candidates.AddRange([ulong.MaxValue, 1UL << (bits - 1), (1UL << (bits - 1)) - 1, bits == 64 ? ulong.MaxValue : (1UL << bits) - 1, 9, 17]);
        var values = new List<object>();
        foreach (ulong candidate in candidates.Distinct())
        {
            // Fit the bits to the underlying type: sign-extended when signed, masked when unsigned.
            ulong fitted = bits == 64 ? candidate : unsigned ? candidate & ((1UL << bits) - 1) : unchecked((ulong)((long)(candidate << (64 - bits)) >> (64 - bits)));
            object value = unsigned ? Enum.ToObject(enumType, fitted) : Enum.ToObject(enumType, unchecked((long)fitted));
            if (!values.Contains(value))
            {
                values.Add(value);
            }
        }

        return values;
    }

    /// <summary>The common literals and, from the enum's names: each as declared, in other cases, padded, combined.</summary>
    private static List<string> Literals(Type enumType)
    {
        var names = new List<string>();
        foreach (FieldInfo field in enumType.GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            names.Add(field.Name);
            if (field.GetCustomAttribute<JsonStringEnumMemberNameAttribute>() is { } custom)
            {
                names.Add(custom.Name);
            }
        }

        var literals = new List<string>(s_commonLiterals);
        foreach (string name in names)
        {
            literals.AddRange([$"\"{name}\"", $"\"{name.ToLowerInvariant()}\"", $"\"{name.ToUpperInvariant()}\"", $"\" {name} \"", $"\"{name},\"", $"\",{name}\"", $"\"{name}, 8\""]);
        }

        foreach (string a in names)
        {
            foreach (string b in names.Where(b => b != a).Take(3))
            {
                literals.AddRange([$"\"{a}, {b}\"", $"\"{a},{b}\"", $"\"{a.ToLowerInvariant()} , {b.ToUpperInvariant()}\"", $"\"{a},,{b}\""]);
            }
        }

        return literals.Distinct().ToList();
    }

    private static string Show(object? value) => value switch
    {
        null => "null",
        IDictionary map => string.Join(";", map.Keys.Cast<object>().Select(k => $"{Bits(k)}={map[k]}").Order(StringComparer.Ordinal)),
        IEnumerable list => string.Join(";", list.Cast<object>().Select(Bits)),
        _ => Bits(value),
    };

    private static string Bits(object value) => Convert.ToString(Convert.ChangeType(value, Enum.GetUnderlyingType(value.GetType()), CultureInfo.InvariantCulture), CultureInfo.InvariantCulture)!;

    private static string Run(Func<string> run)
    {
        try
        {
            return run();
        }
        catch (Exception e) when (e is JsonException or JsonableException)
        {
            return "refused";
        }
    }
}
