using System;
using System.Collections.Generic;
using System.Globalization;

namespace Jsonable;

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
    public JsonableEnumNames(Func<string, string>? convertName = null, bool allowIntegerValues = true)
    {
        _resolve = info =>
        {
            var names = new string[info.Values.Count];
            for (int i = 0; i < names.Length; i++)
            {
                names[i] = info.CustomNames[i] ?? (convertName is null ? info.Identifiers[i] : convertName(info.Identifiers[i]));
            }

            return new Naming(names, allowIntegerValues);
        };
    }

    /// <summary>Names the enums <paramref name="resolve"/> answers for; the others stay numbers.</summary>
    internal JsonableEnumNames(Func<JsonableEnumInfo, Naming?> resolve) => _resolve = resolve;

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
                    EnumNameTable? table = _resolve(info) is { } naming ? new EnumNameTable(info, naming.JsonNames, naming.AllowIntegerValues) : null;
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

/// <summary>One enum's names, as System.Text.Json's enum converter writes and reads them.</summary>
internal sealed class EnumNameTable
{
    private readonly JsonableEnumInfo _info;
    private readonly string[] _jsonNames;
    private readonly Dictionary<ulong, string> _nameOf = new();
    private readonly Dictionary<string, ulong> _exact = new(StringComparer.Ordinal);

    // Flags are formatted from the members with the most bits first (a composite member before its parts), each taken
    // while its bits are all still unaccounted for: STJ writes 7 of { A = 1, B = 2, C = 4, BC = 6 } as "BC, A".
    private readonly int[] _flagsOrder;

    public EnumNameTable(JsonableEnumInfo info, string[] jsonNames, bool allowIntegerValues)
    {
        _info = info;
        _jsonNames = jsonNames;
        AllowIntegerValues = allowIntegerValues;
        var order = new List<int>(jsonNames.Length);
        for (int i = 0; i < jsonNames.Length; i++)
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

            order.Add(i);
        }

        // A stable sort by descending bit count (List.Sort is not stable).
        _flagsOrder = new int[order.Count];
        int next = 0;
        for (int bits = 64; bits >= 0; bits--)
        {
            foreach (int i in order)
            {
                if (PopCount(info.Values[i]) == bits)
                {
                    _flagsOrder[next++] = i;
                }
            }
        }
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

        return _info.IsFlags && value != 0 ? FlagsName(value) : null;
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
        foreach (int i in _flagsOrder)
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
        if (_exact.TryGetValue(text, out value))
        {
            return true;
        }

        string trimmed = text.Trim();
        if (JsonableReader.IsEnumInteger(trimmed))
        {
            return AllowIntegerValues && TryParseInteger(trimmed, out value);
        }

        value = 0;
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

    private bool TryMatch(string part, out ulong value)
    {
        if (_exact.TryGetValue(part, out value))
        {
            return true;
        }

        for (int i = 0; i < _jsonNames.Length; i++)
        {
            if (_info.CustomNames[i] is null && string.Equals(part, _info.Identifiers[i], StringComparison.OrdinalIgnoreCase))
            {
                value = _info.Values[i];
                return true;
            }
        }

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
