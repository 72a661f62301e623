using System;
using System.Buffers;
using System.Buffers.Text;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Reads JMC1 or plain JSON from one contiguous span. Generated <c>FromJson</c>/<c>FromJsonable</c> methods
/// drive it; application code normally calls those instead.
/// </summary>
/// <remarks>
/// JMC1 length comments are hints: every one that is used is checked against the bytes that follow, and a
/// value without one is read by scanning. Every failure is a <see cref="JsonableException"/> carrying the
/// byte offset; the generated entry points add the JSON path.
/// </remarks>
public ref partial struct JsonableReader
{
    /// <summary>The deepest nesting <see cref="JsonableReaderOptions.MaxDepth"/> may allow: generated readers recurse per level.</summary>
    public const int DepthCeiling = 1000;

    private static readonly SearchValues<byte> s_stringStops = SearchValues.Create(
        "\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\"\\"u8);

    private readonly ReadOnlySpan<byte> _buffer;
    private readonly int _maxDepth;
    private readonly JsonableUnknownMemberHandling _unknownMembers;
    private int _pos;
    private int _depth;
    private readonly long _containerBudget;
    private long _containers;

    // Bytes that the not-yet-started elements of the open containers with a count hint need at the very least.
    // A new count is checked against the bytes left minus this, so nested claims cannot add up past the body.
    private long _reserved;

    /// <summary>Creates a reader over a complete document.</summary>
    /// <param name="input">The whole document.</param>
    /// <param name="format">Which format <paramref name="input"/> is in.</param>
    /// <param name="reuseInstance">Whether generated readers fill existing nested objects and collections in place.</param>
    /// <param name="options">Limits; <see langword="null"/> for <see cref="JsonableReaderOptions.Default"/>.</param>
    public JsonableReader(ReadOnlySpan<byte> input, JsonableFormat format, bool reuseInstance = false, JsonableReaderOptions? options = null)
    {
        options ??= JsonableReaderOptions.Default;
        _buffer = input;
        _pos = 0;
        _depth = 0;
        _reserved = 0;
        _maxDepth = Math.Min(options.MaxDepth, DepthCeiling);
        _containers = 0;
        _containerBudget = ((long)input.Length * options.MaxContainersPerKilobyte / 1024) + JsonableReaderOptions.ContainerAllowance;
        _unknownMembers = options.UnknownMemberHandling;
        PropertyNameCaseInsensitive = options.PropertyNameCaseInsensitive;
        Format = format;
        ReuseInstance = reuseInstance;
        if (format == JsonableFormat.Json && input.StartsWith("\uFEFF"u8))
        {
            _pos = 3; // RFC 8259 §8.1: a parser may ignore a BOM
        }
    }

    /// <summary>The format being read.</summary>
    public JsonableFormat Format { get; }

    /// <summary>Whether existing nested objects and collections are filled in place (see DESIGN §3 reuse rules).</summary>
    public bool ReuseInstance { get; }

    /// <summary>Whether generated readers retry a member name that matched nothing exactly, ignoring case.</summary>
    public bool PropertyNameCaseInsensitive { get; }

    /// <summary>The offset of the next byte to read.</summary>
    public readonly int BytesConsumed => _pos;

    /// <summary>The current nesting depth.</summary>
    public readonly int CurrentDepth => _depth;

    private readonly bool IsJmc => Format == JsonableFormat.Jmc1;

    // ---- document ------------------------------------------------------------------------------

    /// <summary>Checks that only insignificant whitespace follows the root value.</summary>
    public void ReadEndOfDocument()
    {
        SkipWhitespace();
        if (_pos != _buffer.Length)
        {
            ThrowAt(_pos, $"Unexpected {Describe(_pos)} after the end of the document.");
        }
    }

    // ---- objects -------------------------------------------------------------------------------

    /// <summary>Reads <c>{</c> (after an optional JMC1 header) or <c>null</c>.</summary>
    /// <returns><see langword="true"/> at the start of an object; <see langword="false"/> for <c>null</c>.</returns>
    public bool TryReadObjectStart()
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b == (byte)'{')
            {
                if (hint >= 0)
                {
                    ThrowAt(_pos - Jmc1.LengthCommentSize, "A JMC1 length comment cannot precede an object (only a dictionary carries a count).");
                }

                Enter();
                _pos++;
                return true;
            }

            if (b == (byte)'n' && TryReadNullLiteral())
            {
                return false;
            }
        }

        throw Unexpected("an object");
    }

    /// <summary>
    /// Moves to the next member name of the current object, or past its closing <c>}</c>.
    /// </summary>
    /// <param name="first"><see langword="true"/> before the first member; the reader clears it.</param>
    /// <param name="name">The member name as unescaped UTF-8.</param>
    /// <returns><see langword="false"/> when the object has ended.</returns>
    public bool TryReadPropertyName(ref bool first, out ReadOnlySpan<byte> name)
    {
        SkipWhitespace();
        if (_pos >= _buffer.Length)
        {
            ThrowTruncated();
        }

        byte b = _buffer[_pos];
        if (b == (byte)'}')
        {
            _pos++;
            _depth--;
            name = default;
            return false;
        }

        if (!first)
        {
            if (b != (byte)',')
            {
                throw Unexpected("',' or '}'");
            }

            _pos++;
        }

        first = false;
        name = ReadNameBytes();
        ReadColon();
        return true;
    }

    /// <summary>Skips the value of a member the target type does not have, or fails when unknown members are disallowed.</summary>
    /// <param name="name">The member name.</param>
    public void SkipUnknownMember(scoped ReadOnlySpan<byte> name)
    {
        // A name that matched a member equals that member's (valid) UTF-8 name; only the others need checking.
        if (!Utf8.IsValid(name))
        {
            ThrowAt(_buffer.Overlaps(name, out int nameOffset) ? nameOffset : _pos, "The member name is not valid UTF-8.");
        }

        if (_unknownMembers == JsonableUnknownMemberHandling.Disallow)
        {
            ThrowAt(_pos, $"The member '{Encoding.UTF8.GetString(name)}' is not known to the target type.");
        }

        SkipValue();
    }

    // ---- dictionaries --------------------------------------------------------------------------

    /// <summary>Reads the start of a dictionary (its JMC1 entry count hint, then <c>{</c>) or <c>null</c>.</summary>
    /// <param name="countHint">The entry count from the length comment, or -1.</param>
    public bool TryReadDictionaryStart(out int countHint)
    {
        countHint = SkipToValue();
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b == (byte)'{')
            {
                if (countHint == HeaderOnly)
                {
                    ThrowAt(_pos - Jmc1.Header.Length, "A JMC1 header cannot precede a dictionary (only an object carries one).");
                }

                BeginCountedContainer(countHint, MinEntryBytes, "entries");
                return true;
            }

            if (b == (byte)'n' && TryReadNullLiteral())
            {
                return false;
            }
        }

        throw Unexpected("an object");
    }

    /// <summary>Moves to the next dictionary key, or past the closing <c>}</c>.</summary>
    /// <param name="count">Entries read so far; incremented when a key is returned.</param>
    /// <param name="countHint">The entry count hint from <see cref="TryReadDictionaryStart"/>, or -1.</param>
    /// <param name="key">The unescaped key.</param>
    public bool TryReadDictionaryKey(ref int count, int countHint, [NotNullWhen(true)] out string? key)
    {
        if (!NextContainerItem(count, countHint, (byte)'}'))
        {
            key = null;
            return false;
        }

        count++;
        int hint = SkipToValue();
        key = ReadStringCore(hint);
        ReadColon();
        return true;
    }

    // ---- arrays --------------------------------------------------------------------------------

    /// <summary>Reads the start of an array (its JMC1 count hint, then <c>[</c>) or <c>null</c>.</summary>
    /// <param name="countHint">The element count from the length comment (checked against the bytes left), or -1.</param>
    public bool TryReadArrayStart(out int countHint)
    {
        countHint = SkipToValue();
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b == (byte)'[')
            {
                BeginCountedContainer(countHint, MinElementBytes, "elements");
                return true;
            }

            if (b == (byte)'n' && TryReadNullLiteral())
            {
                return false;
            }
        }

        throw Unexpected("an array");
    }

    /// <summary>Moves to the next array element, or past the closing <c>]</c>.</summary>
    /// <param name="count">Elements read so far; incremented when another element follows.</param>
    /// <param name="countHint">The count hint from <see cref="TryReadArrayStart"/>, or -1; a mismatch is an error.</param>
    public bool TryReadArrayElement(ref int count, int countHint)
    {
        if (!NextContainerItem(count, countHint, (byte)']'))
        {
            return false;
        }

        count++;
        return true;
    }

    // An array element needs at least one byte and a comma (or the closing bracket); a dictionary entry `"":0,`.
    private const int MinElementBytes = 2;
    private const int MinEntryBytes = 5;

    /// <summary>
    /// At <c>[</c> or <c>{</c>: checks a count hint against the bytes left (less what enclosing counted containers
    /// still need, so that nested claims cannot add up to more than the body can back), then enters the container.
    /// </summary>
    private void BeginCountedContainer(int countHint, int minItemBytes, string items)
    {
        if (countHint > 0)
        {
            long needed = (long)countHint * minItemBytes;
            long available = _buffer.Length - _pos - _reserved;
            if (needed > available)
            {
                int remaining = _buffer.Length - _pos;
                var error = new JsonableException($"The length comment claims {countHint} {items} but only {remaining} bytes remain, too few to hold them.", _pos);

                // A claim that fits on its own failed only because enclosing claims reserve the rest: one of those lied.
                throw needed > remaining ? error : CountClaimAudit.Blame(_buffer, _pos, error);
            }

            _reserved += needed;
        }

        Enter();
        _pos++;
    }

    private bool NextContainerItem(int count, int countHint, byte close)
    {
        SkipWhitespace();
        if (_pos >= _buffer.Length)
        {
            ThrowTruncated();
        }

        byte b = _buffer[_pos];
        if (b == close)
        {
            if (countHint >= 0 && countHint != count)
            {
                throw CountMismatch($"The length comment claims {countHint} {Items(close)} but the value has {count}.");
            }

            _pos++;
            _depth--;
            return false;
        }

        if (count > 0)
        {
            if (b != (byte)',')
            {
                throw Unexpected(close == (byte)']' ? "',' or ']'" : "',' or '}'");
            }

            _pos++;
        }

        if (countHint >= 0)
        {
            if (count >= countHint)
            {
                int rest = CountClaimAudit.CountItems(_buffer, _pos);
                throw CountMismatch(rest < 0
                    ? $"The length comment claims {countHint} {Items(close)} but the value has more."
                    : $"The length comment claims {countHint} {Items(close)} but the value has {count + rest}.");
            }

            _reserved -= close == (byte)']' ? MinElementBytes : MinEntryBytes;
        }

        return true;
    }

    private static string Items(byte close) => close == (byte)']' ? "elements" : "entries";

    /// <summary>A count that disagrees with the elements is the container's fault: the path names the container, not an element.</summary>
    private readonly JsonableException CountMismatch(string reason) =>
        new(reason, _pos, JsonPathLocator.Locate(_buffer, _pos, IsJmc, containerOnly: true));

    // ---- scalars -------------------------------------------------------------------------------

    /// <summary>Consumes <c>null</c> if it is the next value.</summary>
    /// <returns>Whether a <c>null</c> was read.</returns>
    public bool TryReadNull()
    {
        SkipToValue();
        return _pos < _buffer.Length && _buffer[_pos] == (byte)'n' && TryReadNullLiteral();
    }

    /// <summary>Reads <c>true</c> or <c>false</c>.</summary>
    public bool ReadBoolean()
    {
        SkipToValue();
        ReadOnlySpan<byte> rest = _buffer.Slice(_pos);
        if (rest.StartsWith("true"u8))
        {
            _pos += 4;
            return true;
        }

        if (rest.StartsWith("false"u8))
        {
            _pos += 5;
            return false;
        }

        throw Unexpected("true or false", "Boolean");
    }

    /// <summary>Reads an integer that fits <see cref="sbyte"/>.</summary>
    public sbyte ReadSByte() => Utf8Parser.TryParse(ReadIntegerToken("SByte"), out sbyte v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("SByte");

    /// <summary>Reads an integer that fits <see cref="byte"/>.</summary>
    public byte ReadByte() => Utf8Parser.TryParse(ReadIntegerToken("Byte"), out byte v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Byte");

    /// <summary>Reads an integer that fits <see cref="short"/>.</summary>
    public short ReadInt16() => Utf8Parser.TryParse(ReadIntegerToken("Int16"), out short v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int16");

    /// <summary>Reads an integer that fits <see cref="ushort"/>.</summary>
    public ushort ReadUInt16() => Utf8Parser.TryParse(ReadIntegerToken("UInt16"), out ushort v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt16");

    /// <summary>Reads an integer that fits <see cref="int"/>.</summary>
    public int ReadInt32() => Utf8Parser.TryParse(ReadIntegerToken("Int32"), out int v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int32");

    /// <summary>Reads an integer that fits <see cref="uint"/>.</summary>
    public uint ReadUInt32() => Utf8Parser.TryParse(ReadIntegerToken("UInt32"), out uint v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt32");

    /// <summary>Reads an integer that fits <see cref="long"/>.</summary>
    public long ReadInt64() => Utf8Parser.TryParse(ReadIntegerToken("Int64"), out long v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("Int64");

    /// <summary>Reads an integer that fits <see cref="ulong"/>.</summary>
    public ulong ReadUInt64() => Utf8Parser.TryParse(ReadIntegerToken("UInt64"), out ulong v, out int n) && n == _lastTokenLength ? v : throw OutOfRange("UInt64");

    /// <summary>Reads a number as <see cref="double"/>; one too large for it is an error, not infinity.</summary>
    public double ReadDouble()
    {
        ReadOnlySpan<byte> token = ReadNumberToken("Double", out _);
        if (double.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out double v) && double.IsFinite(v))
        {
            return v;
        }

        throw OutOfRange("Double");
    }

    /// <summary>Reads a number as <see cref="float"/>; one too large for it is an error, not infinity.</summary>
    public float ReadSingle()
    {
        ReadOnlySpan<byte> token = ReadNumberToken("Single", out _);
        if (float.TryParse(token, NumberStyles.Float, CultureInfo.InvariantCulture, out float v) && float.IsFinite(v))
        {
            return v;
        }

        throw OutOfRange("Single");
    }

    /// <summary>Reads a string (unescaped, UTF-8 validated) or <c>null</c>.</summary>
    public string? ReadString()
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b == (byte)'"')
            {
                return ReadStringCore(hint);
            }

            if (b == (byte)'n' && TryReadNullLiteral())
            {
                return null;
            }
        }

        throw Unexpected("a string");
    }

    /// <summary>Reads a base64 string as bytes (as System.Text.Json reads <c>byte[]</c>), or <c>null</c>.</summary>
    public byte[]? ReadBase64() => ReadBase64(null);

    /// <summary>
    /// Reads a base64 string (or <c>null</c>), decoding into <paramref name="existing"/> when the reader reuses
    /// instances and the decoded length matches it (DESIGN §3: <c>byte[]</c> is overwritten in place).
    /// </summary>
    /// <param name="existing">The member's current array, or <see langword="null"/>.</param>
    public byte[]? ReadBase64(byte[]? existing)
    {
        int hint = SkipToValue();
        if (_pos < _buffer.Length && _buffer[_pos] == (byte)'n' && TryReadNullLiteral())
        {
            return null;
        }

        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a base64 string");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out bool escaped);
        if (escaped)
        {
            byte[] unescaped = Encoding.UTF8.GetBytes(UnescapeToString(content, start + 1));
            content = unescaped;
        }

        int maxLength = Base64.GetMaxDecodedFromUtf8Length(content.Length);
        bool reuse = ReuseInstance && existing is not null;
        byte[] decoded = reuse ? ArrayPool<byte>.Shared.Rent(Math.Max(maxLength, 1)) : new byte[maxLength];
        try
        {
            if (Base64.DecodeFromUtf8(content, decoded.AsSpan(0, maxLength), out int consumed, out int written) != OperationStatus.Done || consumed != content.Length)
            {
                ThrowAt(start, "The string is not valid base64.");
            }

            if (reuse && written == existing!.Length)
            {
                decoded.AsSpan(0, written).CopyTo(existing);
                return existing;
            }

            return !reuse && written == decoded.Length ? decoded : decoded.AsSpan(0, written).ToArray();
        }
        finally
        {
            if (reuse)
            {
                ArrayPool<byte>.Shared.Return(decoded);
            }
        }
    }

    /// <summary>Skips one complete value of any kind, checking that it is well-formed.</summary>
    public void SkipValue()
    {
        int hint = SkipToValue();
        if (_pos >= _buffer.Length)
        {
            ThrowTruncated();
        }

        int count = 0;
        switch (_buffer[_pos])
        {
            case (byte)'{' when hint >= 0:
                // Only a dictionary carries a count: check it even though nothing is kept.
                BeginCountedContainer(hint, MinEntryBytes, "entries");
                while (TryReadDictionaryKey(ref count, hint, out _))
                {
                    SkipValue();
                }

                break;
            case (byte)'{':
                Enter();
                _pos++;
                bool first = true;
                while (TryReadPropertyName(ref first, out _))
                {
                    SkipValue();
                }

                break;
            case (byte)'[':
                // The count hint was consumed above: use it, or a lying count in a skipped member goes unnoticed.
                BeginCountedContainer(hint, MinElementBytes, "elements");
                while (TryReadArrayElement(ref count, hint))
                {
                    SkipValue();
                }

                break;
            case (byte)'"':
                int start = _pos;
                ReadOnlySpan<byte> content = ReadRawString(hint, out bool escaped);
                if (escaped)
                {
                    UnescapeToString(content, start + 1);
                }
                else if (!Utf8.IsValid(content))
                {
                    ThrowAt(start, "The string is not valid UTF-8.");
                }

                break;
            case (byte)'t' or (byte)'f':
                ReadBoolean();
                break;
            case (byte)'n':
                if (!TryReadNullLiteral())
                {
                    throw Unexpected("a value");
                }

                break;
            default:
                ReadNumberToken("number", out _);
                break;
        }
    }

    // ---- internals -----------------------------------------------------------------------------

    private int _lastTokenLength;

    private ReadOnlySpan<byte> ReadIntegerToken(string typeName)
    {
        ReadOnlySpan<byte> token = ReadNumberToken(typeName, out bool isInteger);
        if (!isInteger)
        {
            ThrowAt(_pos - token.Length, $"The number {Encoding.UTF8.GetString(token)} is not an integer, so it cannot be read as {typeName}.");
        }

        return token;
    }

    private ReadOnlySpan<byte> ReadNumberToken(string typeName, out bool isInteger)
    {
        SkipToValue();
        ReadOnlySpan<byte> buf = _buffer;
        int start = _pos;
        int i = start;
        if (i < buf.Length && buf[i] == (byte)'-')
        {
            i++;
        }

        if (i >= buf.Length)
        {
            ThrowTruncated();
        }

        if (buf[i] == (byte)'0')
        {
            i++;
        }
        else if (IsDigit(buf[i]))
        {
            i++;
            while (i < buf.Length && IsDigit(buf[i]))
            {
                i++;
            }
        }
        else
        {
            throw Unexpected("a number", typeName);
        }

        isInteger = true;
        if (i < buf.Length && buf[i] == (byte)'.')
        {
            isInteger = false;
            i++;
            if (i >= buf.Length || !IsDigit(buf[i]))
            {
                ThrowAt(i, "A digit must follow the decimal point.");
            }

            while (i < buf.Length && IsDigit(buf[i]))
            {
                i++;
            }
        }

        if (i < buf.Length && (buf[i] | 0x20) == (byte)'e')
        {
            isInteger = false;
            i++;
            if (i < buf.Length && (buf[i] == (byte)'+' || buf[i] == (byte)'-'))
            {
                i++;
            }

            if (i >= buf.Length || !IsDigit(buf[i]))
            {
                ThrowAt(i, "A digit must follow the exponent.");
            }

            while (i < buf.Length && IsDigit(buf[i]))
            {
                i++;
            }
        }

        _pos = i;
        _lastTokenLength = i - start;
        return buf.Slice(start, i - start);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsDigit(byte b) => (uint)(b - '0') <= 9;

    /// <summary>Reads a member name; returns unescaped UTF-8 (allocating only when the name has escapes).</summary>
    private ReadOnlySpan<byte> ReadNameBytes()
    {
        int hint = SkipToValue();
        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a property name");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out bool escaped);
        if (escaped)
        {
            return Encoding.UTF8.GetBytes(UnescapeToString(content, start + 1));
        }

        return content;
    }

    private void ReadColon()
    {
        SkipWhitespace();
        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)':')
        {
            throw Unexpected("':'");
        }

        _pos++;
    }

    private string ReadStringCore(int hint)
    {
        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)'"')
        {
            throw Unexpected("a string");
        }

        int start = _pos;
        ReadOnlySpan<byte> content = ReadRawString(hint, out bool escaped);
        if (escaped)
        {
            return UnescapeToString(content, start + 1);
        }

        if (content.IsEmpty)
        {
            return string.Empty;
        }

        if (!Utf8.IsValid(content))
        {
            ThrowAt(start, "The string is not valid UTF-8.");
        }

        return Encoding.UTF8.GetString(content);
    }

    /// <summary>
    /// At an opening quote: finds the closing quote, checks the JMC1 length hint against it, and returns the
    /// raw (still escaped) content. Control characters must be escaped (RFC 8259 §7).
    /// </summary>
    private ReadOnlySpan<byte> ReadRawString(int hint, out bool escaped)
    {
        int contentStart = _pos + 1;
        ReadOnlySpan<byte> rest = _buffer.Slice(contentStart);
        escaped = false;
        int i = 0;
        while (true)
        {
            int idx = rest.Slice(i).IndexOfAny(s_stringStops);
            if (idx < 0)
            {
                ThrowAt(_buffer.Length, "The string has no closing quote: the input ends inside it.");
            }

            i += idx;
            byte b = rest[i];
            if (b == (byte)'"')
            {
                break;
            }

            if (b == (byte)'\\')
            {
                escaped = true;
                i += 2; // the escape's details are checked when it is decoded
                if (i > rest.Length)
                {
                    ThrowAt(_buffer.Length, "The string has no closing quote: the input ends inside it.");
                }

                continue;
            }

            ThrowAt(contentStart + i, $"The control character 0x{b:X2} must be escaped inside a string.");
        }

        if (hint >= 0 && hint != i)
        {
            ThrowAt(_pos, $"The length comment claims {hint} bytes but the string has {i}.");
        }

        _pos = contentStart + i + 1;
        return rest.Slice(0, i);
    }

    /// <summary>Decodes escaped, UTF-8 string content in one pass (so <c>\\n</c> stays a backslash and an n).</summary>
    private readonly string UnescapeToString(ReadOnlySpan<byte> content, int contentOffset)
    {
        char[]? rented = null;
        Span<char> chars = content.Length <= 256
            ? stackalloc char[256]
            : (rented = ArrayPool<char>.Shared.Rent(content.Length));
        try
        {
            int written = 0;
            int i = 0;
            while (i < content.Length)
            {
                int idx = content.Slice(i).IndexOf((byte)'\\');
                ReadOnlySpan<byte> plain = idx < 0 ? content.Slice(i) : content.Slice(i, idx);
                if (Utf8.ToUtf16(plain, chars.Slice(written), out _, out int w, replaceInvalidSequences: false) != OperationStatus.Done)
                {
                    ThrowAt(contentOffset + i, "The string is not valid UTF-8.");
                }

                written += w;
                if (idx < 0)
                {
                    break;
                }

                i += idx + 1; // past the backslash
                byte e = content[i];
                char c;
                switch (e)
                {
                    case (byte)'"': c = '"'; break;
                    case (byte)'\\': c = '\\'; break;
                    case (byte)'/': c = '/'; break;
                    case (byte)'b': c = '\b'; break;
                    case (byte)'f': c = '\f'; break;
                    case (byte)'n': c = '\n'; break;
                    case (byte)'r': c = '\r'; break;
                    case (byte)'t': c = '\t'; break;
                    case (byte)'u':
                        if (i + 5 > content.Length || !TryParseHex4(content.Slice(i + 1, 4), out c))
                        {
                            ThrowAt(contentOffset + i - 1, "A \\u escape needs four hexadecimal digits.");
                            c = default;
                        }

                        i += 4;
                        if (char.IsSurrogate(c))
                        {
                            // A string is Unicode text (RFC 8259 §8.2): a surrogate escape must be a high one
                            // directly followed by an escaped low one. STJ rejects the others the same way.
                            if (char.IsLowSurrogate(c)
                                || i + 7 > content.Length
                                || content[i + 1] != (byte)'\\'
                                || content[i + 2] != (byte)'u'
                                || !TryParseHex4(content.Slice(i + 3, 4), out char low)
                                || !char.IsLowSurrogate(low))
                            {
                                ThrowAt(contentOffset + i - 5, char.IsLowSurrogate(c)
                                    ? $"The escape \\u{(int)c:X4} is a low surrogate without a high surrogate before it."
                                    : $"The escape \\u{(int)c:X4} is a high surrogate not followed by an escaped low surrogate.");
                                low = default;
                            }

                            chars[written++] = c;
                            c = low;
                            i += 6;
                        }

                        break;
                    default:
                        ThrowAt(contentOffset + i - 1, $"'\\{(char)e}' is not a valid JSON escape.");
                        c = default;
                        break;
                }

                chars[written++] = c;
                i++;
            }

            return new string(chars.Slice(0, written));
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<char>.Shared.Return(rented);
            }
        }
    }

    private static bool TryParseHex4(ReadOnlySpan<byte> hex, out char c)
    {
        int value = 0;
        foreach (byte h in hex)
        {
            int digit = h switch
            {
                >= (byte)'0' and <= (byte)'9' => h - '0',
                >= (byte)'a' and <= (byte)'f' => h - 'a' + 10,
                >= (byte)'A' and <= (byte)'F' => h - 'A' + 10,
                _ => -1,
            };
            if (digit < 0)
            {
                c = default;
                return false;
            }

            value = (value << 4) | digit;
        }

        c = (char)value;
        return true;
    }

    private bool TryReadNullLiteral()
    {
        if (_buffer.Slice(_pos).StartsWith("null"u8))
        {
            _pos += 4;
            return true;
        }

        return false;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SkipWhitespace()
    {
        while (_pos < _buffer.Length && _buffer[_pos] <= (byte)' ' && IsWhitespace(_buffer[_pos]))
        {
            _pos++;
        }
    }

    private static bool IsWhitespace(byte b) => b is (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r';

    /// <summary>Skips whitespace and, in JMC1, the comment before a value (see <see cref="SkipToValueSlow"/>).</summary>
    /// <returns>The length hint of the length comment; -1 when there is none, -2 when only a header preceded the value.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int SkipToValue()
    {
        if (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (b > (byte)' ' && b != (byte)'/')
            {
                return -1;
            }
        }

        return SkipToValueSlow();
    }

    // What SkipToValueSlow returns besides a length: no comment preceded the value, or only a (non-document) header.
    private const int NoHint = -1;
    private const int HeaderOnly = -2;

    /// <summary>
    /// Skips whitespace and at most one JMC1 comment (DESIGN §4.2: never two in a row, except the document header
    /// followed by the root's length comment), and checks that the comment may precede the value that follows:
    /// a length comment only a string, property name, dictionary key, array or dictionary; a header only an object.
    /// The checks run only here, where comments are parsed, so plain JSON pays nothing for them.
    /// </summary>
    private int SkipToValueSlow()
    {
        int hint = NoHint;
        int commentAt = -1;
        bool documentHeader = false;
        while (_pos < _buffer.Length)
        {
            byte b = _buffer[_pos];
            if (IsWhitespace(b))
            {
                _pos++;
                continue;
            }

            if (b != (byte)'/' || !IsJmc)
            {
                break;
            }

            ReadOnlySpan<byte> rest = _buffer.Slice(_pos);
            if (rest.Length >= Jmc1.LengthCommentSize && rest[1] == (byte)'*' && rest[4] == (byte)'*' && rest[5] == (byte)'/')
            {
                if (commentAt >= 0 && !(documentHeader && hint == HeaderOnly))
                {
                    ThrowAt(_pos, "Two JMC1 comments in a row: a value carries at most one length comment.");
                }

                hint = JmcLength.Read(rest);
                if (hint < 0)
                {
                    ThrowAt(_pos, "The length comment is out of range.");
                }

                if (hint == Jmc1.UnencodableLength)
                {
                    ThrowAt(_pos, "The length comment for 11770 reads /**/*/, which ends the comment early in every JSONC parser; JMC1 forbids it.");
                }

                commentAt = _pos;
                _pos += Jmc1.LengthCommentSize;
            }
            else if (rest.StartsWith(Jmc1.Header))
            {
                if (commentAt >= 0)
                {
                    ThrowAt(_pos, "Two JMC1 comments in a row: a header cannot follow another comment.");
                }

                // The header before the root value is the document's, which may precede any value.
                documentHeader = _depth == 0;
                hint = HeaderOnly;
                commentAt = _pos;
                _pos += Jmc1.Header.Length;
            }
            else
            {
                ThrowAt(_pos, rest.Length < Jmc1.LengthCommentSize
                    ? "The input ends inside a comment."
                    : "Only JMC1 headers and length comments may appear in a JMC1 document.");
            }
        }

        if (commentAt < 0)
        {
            return NoHint;
        }

        byte next = _pos < _buffer.Length ? _buffer[_pos] : (byte)0;
        if (hint >= 0)
        {
            if (next is not ((byte)'"' or (byte)'[' or (byte)'{'))
            {
                ThrowAt(commentAt, $"A JMC1 length comment may only precede a string, a property name, an array or a dictionary, not {Describe(_pos)}.");
            }

            return hint;
        }

        if (documentHeader)
        {
            return NoHint;
        }

        if (next != (byte)'{')
        {
            ThrowAt(commentAt, $"A JMC1 header may only precede an object, not {Describe(_pos)}.");
        }

        return HeaderOnly;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            ThrowAt(_pos, $"The document is nested deeper than the maximum depth of {_maxDepth}.");
        }

        if (++_containers > _containerBudget)
        {
            ThrowTooManyContainers();
        }

        if ((_depth & 31) == 0)
        {
            // Generated readers recurse once per level; a deep MaxDepth on a small stack still fails cleanly.
            RuntimeHelpers.EnsureSufficientExecutionStack();
        }
    }

    [DoesNotReturn]
    private readonly void ThrowTooManyContainers() => ThrowAt(
        _pos,
        $"The document holds more than {_containerBudget} objects, arrays and dictionaries, too many for its {_buffer.Length} bytes (the limit is MaxContainersPerKilobyte per 1,024 bytes plus {JsonableReaderOptions.ContainerAllowance}).");

    [DoesNotReturn]
    private readonly void ThrowTruncated() => ThrowAt(_buffer.Length, "The input ends before the value is complete.");

    private readonly JsonableException OutOfRange(string typeName) =>
        new($"The number does not fit {typeName}.", _pos - _lastTokenLength);

    private readonly JsonableException Unexpected(string expected, string? typeName = null)
    {
        if (_pos >= _buffer.Length)
        {
            return new JsonableException($"The input ends where {expected} was expected.", _buffer.Length);
        }

        if (typeName is not null && _buffer.Slice(_pos).StartsWith("null"u8))
        {
            return new JsonableException($"null cannot be read into a non-nullable {typeName}.", _pos);
        }

        return new JsonableException($"Expected {expected} but found {Describe(_pos)}.", _pos);
    }

    private readonly string Describe(int pos)
    {
        if (pos >= _buffer.Length)
        {
            return "the end of the input";
        }

        byte b = _buffer[pos];
        if (b == (byte)'/' && IsJmc)
        {
            return "a JMC1 comment (comments may only precede a value)";
        }

        return b is >= 0x20 and < 0x7F ? $"'{(char)b}'" : $"byte 0x{b:X2}";
    }

    [DoesNotReturn]
    private static void ThrowAt(int pos, string reason) => throw new JsonableException(reason, pos);

    /// <summary>The error for a <c>null</c> just read where <paramref name="typeName"/> cannot hold one.</summary>
    /// <param name="typeName">The non-nullable type being read.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException NullNotAllowed(string typeName) =>
        new($"null cannot be read into a non-nullable {typeName}.", Math.Max(_pos - 4, 0));

    // ---- error decoration ----------------------------------------------------------------------

    /// <summary>
    /// Adds the JSON path to an exception thrown while reading (computed only now, from the byte offset,
    /// so the happy path tracks nothing). Generated entry points call it from their catch blocks.
    /// </summary>
    /// <param name="exception">The exception thrown by this reader.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly void AttachPath(JsonableException exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        if (exception.Path is null)
        {
            long at = exception.BytePosition >= 0 ? exception.BytePosition : _pos;
            exception.Path = JsonPathLocator.Locate(_buffer, (int)Math.Min(at, _buffer.Length), IsJmc);
        }
    }

    /// <summary>
    /// Turns any other exception raised while reading (a user setter, a callback, an arithmetic check) into
    /// a <see cref="JsonableException"/> with offset and path, so no raw BCL exception leaves a reader.
    /// </summary>
    /// <param name="exception">The exception to wrap.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException Wrap(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        string reason = exception is InsufficientExecutionStackException
            ? "The document is nested too deeply to read."
            : $"The value could not be read: {exception.Message}";
        return new JsonableException(reason, _pos, JsonPathLocator.Locate(_buffer, _pos, IsJmc), exception);
    }
}
