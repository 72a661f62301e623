using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using Jsonable.Internal;

namespace Jsonable.Metadata;

/// <summary>
/// Enums written as their names and read from names, as System.Text.Json's <c>JsonStringEnumConverter</c> does, for
/// every enum a [ToJson]/[FromJson] type writes or reads as a number (an enum whose member says
/// <c>[JsonConverter(typeof(JsonStringEnumConverter))]</c> is named by its own attribute). Set it on
/// <see cref="JsonableWriterOptions.EnumNames"/> and <see cref="JsonableReaderOptions.EnumNames"/>; ASP.NET Core apps get
/// it from a <c>JsonStringEnumConverter</c> in their JSON options. Each enum's names are worked out once, when first used.
/// </summary>
/// <remarks>
/// As the converter: a defined value is written as its name, a <c>[Flags]</c> combination as <c>"A, B"</c>, any other
/// value as its number (or, without integer values, not at all); names are read ignoring case (a
/// <c>[JsonStringEnumMemberName]</c> exactly), comma-separated names are combined, and integers are read as numbers or
/// strings unless integer values are refused.
/// </remarks>
public sealed class JsonableEnumNames
{
    private readonly Func<JsonableEnumInfo, Naming?> _resolve;
    private readonly object _lock = new();
    private volatile Dictionary<JsonableEnumInfo, Memo> _tables = new();

    /// <summary>Names every enum, as <c>new JsonStringEnumConverter(namingPolicy, allowIntegerValues)</c> does.</summary>
    /// <param name="convertName">What <c>JsonNamingPolicy.ConvertName</c> would do to a member's C# name, or
    /// <see langword="null"/> for the names as declared. A <c>[JsonStringEnumMemberName]</c> is used as it is.</param>
    /// <param name="allowIntegerValues">Whether values without a name are written as numbers and numbers are read.</param>
    /// <remarks>As the converter, a name System.Text.Json refuses (null or empty, starting or ending with whitespace, a
    /// comma in a <c>[Flags]</c> enum) is an <see cref="InvalidOperationException"/> the first time the enum is written or read.</remarks>
    public JsonableEnumNames(Func<string, string>? convertName = null, bool allowIntegerValues = true)
    {
        _resolve = info => new Naming(JsonNames(info, convertName), allowIntegerValues);
    }

    /// <summary>Names the enums <paramref name="resolve"/> answers for; the others stay numbers.</summary>
    internal JsonableEnumNames(Func<JsonableEnumInfo, Naming?> resolve) => _resolve = resolve;

    /// <summary>Each member's JSON name: its <c>[JsonStringEnumMemberName]</c> as it is, else its C# name converted.</summary>
    internal static string[] JsonNames(JsonableEnumInfo info, Func<string, string>? convertName)
    {
        var names = new string[info.Values.Count];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = info.CustomNames[i] ?? (convertName is null ? info.Identifiers[i] : convertName(info.Identifiers[i]));
        }

        return names;
    }

    /// <summary>How one enum is named: the JSON name of each member (in <see cref="JsonableEnumInfo.Values"/> order).</summary>
    internal sealed record Naming(string[] JsonNames, bool AllowIntegerValues);

    /// <summary>One lookup remembered on the <see cref="JsonableEnumInfo"/> (see <see cref="JsonableEnumInfo.LastLookup"/>).</summary>
    internal sealed record Memo(JsonableEnumNames Owner, EnumNameTable? Table);

    /// <summary>The names of <paramref name="info"/>'s enum, or null when this leaves it a number.</summary>
    internal EnumNameTable? For(JsonableEnumInfo info)
    {
        Memo? memo = info.LastLookup;
        if (memo is not null && ReferenceEquals(memo.Owner, this))
        {
            return memo.Table;
        }

        if (!_tables.TryGetValue(info, out memo))
        {
            lock (_lock)
            {
                if (!_tables.TryGetValue(info, out memo))
                {
                    EnumNameTable? table;
                    try
                    {
                        table = _resolve(info) is { } naming ? new EnumNameTable(info, naming.JsonNames, naming.AllowIntegerValues) : null;
                    }
                    catch (InvalidOperationException ex)
                    {
                        // The app's own converter refused the names (Jsonable.SystemTextJson.JsonEnumConverters probes it): its exception, as it is.
                        EnumNamesRefusal.Mark(ex);
                        throw;
                    }

                    memo = new Memo(this, table);
                    _tables = new Dictionary<JsonableEnumInfo, Memo>(_tables) { [info] = memo };
                }
            }
        }

        // The same memo each time: two options used in turn (MVC's and minimal APIs') swap it without allocating.
        info.LastLookup = memo;
        return memo.Table;
    }
}

/// <summary>
/// An enum's names that System.Text.Json refuses, refused as it refuses them (an InvalidOperationException, STJ's own
/// when it comes from the app's converter): a setup error, not a bad document, so readers let it through as it is
/// instead of reporting it with a JSON path (a 500 in ASP.NET Core, as STJ's, not a 400). Marked in its Data.
/// </summary>
internal static class EnumNamesRefusal
{
    private const string Key = "Jsonable.EnumNamesRefused";

    public static InvalidOperationException Mark(InvalidOperationException exception)
    {
        exception.Data[Key] = true;
        return exception;
    }

    /// <summary>Whether a reader should let <paramref name="exception"/> through unwrapped.</summary>
    public static bool Is(Exception exception) => exception is InvalidOperationException && exception.Data.Contains(Key);
}

/// <summary>One enum's names, as System.Text.Json's enum converter writes and reads them.</summary>
internal sealed class EnumNameTable
{
    private readonly JsonableEnumInfo _info;
    private readonly string[] _jsonNames;
    private readonly Dictionary<ulong, string> _nameOf = new();
    private readonly Dictionary<string, ulong> _exact = new(StringComparer.Ordinal);

    // The members in STJ's order: by value (unsigned, as Enum.GetValues sorts them; equal values as declared) and, for
    // [Flags], then by descending bit count (a composite member before its parts). Which name a value is written with,
    // which member an exact name or a combination's part means, and the order of a combination's names all follow it:
    // STJ writes 7 of { A = 1, B = 2, C = 4, BC = 6 } as "BC, A".
    private readonly int[] _order;

    // What a combination's part is matched against, in order (see TryMatch): each member's JSON name, then, where a
    // naming policy renamed it, its C# name.
    private readonly (string Name, bool IgnoreCase, ulong Value)[] _parts;

    // A [Flags] combination's name (or null: written as a number), kept once made so that writing it again allocates
    // nothing; bounded, as the values an app writes may be arbitrary.
    private const int MaxCombinations = 1024;
    private readonly ConcurrentDictionary<ulong, string?> _combinations = new();
    private int _combinationCount;

    // Text read by name that is not one exact name ("A, B", "a", " A "), kept with its value once parsed (bounded too).
    private readonly ConcurrentDictionary<string, ulong> _parsed = new(StringComparer.Ordinal);
    private int _parsedCount;

    public EnumNameTable(JsonableEnumInfo info, string[] jsonNames, bool allowIntegerValues)
    {
        ThrowIfRefused(info, jsonNames);
        _info = info;
        _jsonNames = jsonNames;
        AllowIntegerValues = allowIntegerValues;
        _order = Order(info);
        var parts = new List<(string, bool, ulong)>(jsonNames.Length);
        foreach (int i in _order)
        {
            ulong value = info.Values[i];
            if (!_nameOf.ContainsKey(value))
            {
                _nameOf[value] = jsonNames[i];
            }

            if (!_exact.ContainsKey(jsonNames[i]))
            {
                _exact[jsonNames[i]] = value;
            }

            // A name as declared is matched ignoring case; a [JsonStringEnumMemberName] or a policy's name exactly.
            parts.Add((jsonNames[i], info.CustomNames[i] is null && jsonNames[i] == info.Identifiers[i], value));
        }

        foreach (int i in _order)
        {
            if (info.CustomNames[i] is null && jsonNames[i] != info.Identifiers[i])
            {
                parts.Add((info.Identifiers[i], true, info.Values[i]));
            }
        }

        _parts = parts.ToArray();
    }

    /// <summary>
    /// Refuses the names System.Text.Json's converter refuses when it is made (before it writes or reads anything): null
    /// or empty, starting or ending with whitespace, and, in a <c>[Flags]</c> enum, holding a comma (a combination's
    /// separator). The generator reports a <c>[JsonStringEnumMemberName]</c> like that (JSONABLE043); what is left is a
    /// naming policy that makes one.
    /// </summary>
    private static void ThrowIfRefused(JsonableEnumInfo info, string[] jsonNames)
    {
        for (int i = 0; i < jsonNames.Length; i++)
        {
            string? name = jsonNames[i];
            if (EnumNameRules.Refusal(name, info.IsFlags) is not null)
            {
                string shown = name is null ? "null" : "\"" + name + "\"";
                throw EnumNamesRefusal.Mark(new InvalidOperationException(
                    $"The enum {info.EnumType.Name} cannot be written or read by name: its member {info.Identifiers[i]} would be named {shown}, which System.Text.Json refuses too. " +
                    "An enum name must not be null or empty or start or end with whitespace, and a [Flags] enum's must not contain a comma; change the naming policy or the [JsonStringEnumMemberName]."));
            }
        }
    }

    private static int[] Order(JsonableEnumInfo info)
    {
        // LINQ's sorts are stable: equal values stay as declared, equal bit counts in value order. Bits are counted in the
        // 64-bit value, sign-extended, as STJ counts them: a short's sign bit weighs 49 and comes first.
        IEnumerable<int> byValue = Enumerable.Range(0, info.Values.Count).OrderBy(i => info.Values[i]);
        return (info.IsFlags ? byValue.OrderByDescending(i => PopCount(info.Values[i])) : byValue).ToArray();
    }

    /// <summary>Whether numbers are written for values without a name, and read.</summary>
    public bool AllowIntegerValues { get; }

    /// <summary>The enum's type name, for messages.</summary>
    public string TypeName => _info.EnumType.Name;

    /// <summary>The name written for <paramref name="value"/>, or null when it has none (it is written as a number).</summary>
    public string? NameOf(ulong value)
    {
        if (_nameOf.TryGetValue(value, out string? name))
        {
            return name;
        }

        if (!_info.IsFlags || value == 0)
        {
            return null;
        }

        if (_combinations.TryGetValue(value, out name))
        {
            return name;
        }

        name = FlagsName(value);
        if (Volatile.Read(ref _combinationCount) < MaxCombinations && _combinations.TryAdd(value, name))
        {
            Interlocked.Increment(ref _combinationCount);
        }

        return name;
    }

    /// <summary>A dictionary key: the name, else the number in invariant digits.</summary>
    public string KeyOf(ulong value) => NameOf(value) ?? NumberText(value);

    /// <summary>The number as the underlying type writes it.</summary>
    public string NumberText(ulong value) => _info.IsUnsigned
        ? value.ToString(CultureInfo.InvariantCulture)
        : unchecked((long)value).ToString(CultureInfo.InvariantCulture);

    /// <summary>Whether the value is written as a signed number.</summary>
    public bool IsUnsigned => _info.IsUnsigned;

    private string? FlagsName(ulong value)
    {
        ulong remaining = value;
        var parts = new List<string>();
        foreach (int i in _order)
        {
            ulong bits = _info.Values[i];
            if (bits != 0 && (remaining & bits) == bits)
            {
                remaining &= ~bits;
                parts.Add(_jsonNames[i]);
                if (remaining == 0)
                {
                    return string.Join(", ", parts);
                }
            }
        }

        return null;
    }

    /// <summary>
    /// Reads a string as STJ's converter does: a name exactly; else, trimmed, an integer (when allowed) of the
    /// underlying type; else comma-separated names, each a JSON name exactly or a member's C# name ignoring case (a
    /// member with <c>[JsonStringEnumMemberName]</c> only by that name), OR-ed together.
    /// </summary>
    public bool TryParse(string text, out ulong value)
    {
        if (_exact.TryGetValue(text, out value) || _parsed.TryGetValue(text, out value))
        {
            return true;
        }

        if (!TryParseUncached(text, out value, out bool byName))
        {
            return false;
        }

        if (byName && Volatile.Read(ref _parsedCount) < MaxCombinations && _parsed.TryAdd(text, value))
        {
            Interlocked.Increment(ref _parsedCount);
        }

        return true;
    }

    private bool TryParseUncached(string text, out ulong value, out bool byName)
    {
        value = 0;
        byName = true;
        string trimmed = text.Trim();
        if (trimmed.Length != text.Length && _exact.TryGetValue(trimmed, out value))
        {
            return true;
        }

        byName = false;

        if (JsonableReader.IsEnumInteger(trimmed))
        {
            return AllowIntegerValues && TryParseInteger(trimmed, out value);
        }

        value = 0;
        byName = true;
        int start = 0;
        while (true)
        {
            int comma = trimmed.IndexOf(',', start);
            string part = comma < 0 ? trimmed.Substring(start) : trimmed.Substring(start, comma - start).TrimEnd();
            if (!TryMatch(part, out ulong member))
            {
                value = 0;
                return false;
            }

            value |= member;
            start = comma + 1;
            while (start < trimmed.Length && char.IsWhiteSpace(trimmed[start]))
            {
                start++;
            }

            if (comma < 0 || start == trimmed.Length)
            {
                return true;
            }
        }
    }

    /// <summary>
    /// One part of a comma-separated list, as STJ matches it: the first of <see cref="_parts"/> that it equals, a name as
    /// declared ignoring case, any other exactly — so an exact <c>[JsonStringEnumMemberName]</c> can lose to a member
    /// before it whose C# name differs only in case.
    /// </summary>
    private bool TryMatch(string part, out ulong value)
    {
        foreach ((string name, bool ignoreCase, ulong bits) in _parts)
        {
            if (string.Equals(part, name, ignoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal))
            {
                value = bits;
                return true;
            }
        }

        value = 0;
        return false;
    }

    private bool TryParseInteger(string text, out ulong value)
    {
        const NumberStyles Style = NumberStyles.AllowLeadingSign;
        CultureInfo invariant = CultureInfo.InvariantCulture;
        bool ok;
        switch (_info.UnderlyingType)
        {
            case TypeCode.SByte: ok = sbyte.TryParse(text, Style, invariant, out sbyte i8); value = unchecked((ulong)i8); break;
            case TypeCode.Byte: ok = byte.TryParse(text, Style, invariant, out byte u8); value = u8; break;
            case TypeCode.Int16: ok = short.TryParse(text, Style, invariant, out short i16); value = unchecked((ulong)i16); break;
            case TypeCode.UInt16: ok = ushort.TryParse(text, Style, invariant, out ushort u16); value = u16; break;
            case TypeCode.Int32: ok = int.TryParse(text, Style, invariant, out int i32); value = unchecked((ulong)i32); break;
            case TypeCode.UInt32: ok = uint.TryParse(text, Style, invariant, out uint u32); value = u32; break;
            case TypeCode.Int64: ok = long.TryParse(text, Style, invariant, out long i64); value = unchecked((ulong)i64); break;
            default: ok = ulong.TryParse(text, Style, invariant, out value); break;
        }

        return ok;
    }

    private static int PopCount(ulong value)
    {
        int count = 0;
        while (value != 0)
        {
            value &= value - 1;
            count++;
        }

        return count;
    }
}
