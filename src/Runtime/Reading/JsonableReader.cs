using System;
using System.Buffers;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;
using Jsonable.Internal;
using Jsonable.Metadata;

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
    public const int DepthCeiling = JsonableLimits.DepthCeiling;

    private readonly ReadOnlySpan<byte> _buffer;
    private readonly int _maxDepth;
    private readonly JsonableUnknownMemberHandling _unknownMembers;
    private int _pos;
    private int _depth;

    // Bytes that the not-yet-started elements of the open containers with a count hint need at the very least.
    // A new count is checked against the bytes left minus this, so nested claims cannot add up past the body.
    private long _reserved;

    // The length of the number token just read (ReadNumberToken), to check that a parser consumed all of it.
    private int _lastTokenLength;

    // Transcoding scratch space for non-ASCII and escaped strings (see Scratch), allocated on first use.
    private char[]? _chars;

    // Polymorphic reads (JsonableReader.Polymorphism.cs): the depth of the object read through a polymorphic type (0: none),
    // and the offset just after its discriminator's name, whose value the chosen type's reader skips as metadata.
    private int _metadataDepth;
    private int _discriminatorEnd;
    private ReadOnlySpan<byte> _discriminatorName;

    // A window of a larger document read piece by piece (JsonableReader.Windows.cs); null for a whole document.
    private readonly ReaderWindow? _window;

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
        _maxDepth = JsonableLimits.EffectiveMaxDepth(options.MaxDepth);
        _unknownMembers = options.UnknownMemberHandling;
        PropertyNameCaseInsensitive = options.PropertyNameCaseInsensitive;
        RefusesReadOnlyMemberChanges = options.RefuseReadOnlyMemberChanges;
        EnumNames = options.EnumNames;
        Format = format;
        ReuseInstance = reuseInstance;
        if (format == JsonableFormat.Json && input.StartsWith("\uFEFF"u8))
        {
            _pos = 3; // RFC 8259 §8.1: a parser may ignore a BOM
        }
    }

    /// <summary>The enum names the options ask for (<see cref="JsonableReaderOptions.EnumNames"/>); <see langword="null"/> reads enums as numbers only.</summary>
    public JsonableEnumNames? EnumNames { get; }

    /// <summary>The format being read.</summary>
    public JsonableFormat Format { get; }

    /// <summary>Whether existing nested objects and collections are filled in place rather than replaced (a polymorphic member is replaced whole).</summary>
    public bool ReuseInstance { get; }

    /// <summary>Whether generated readers retry a member name that matched nothing exactly, ignoring case.</summary>
    public bool PropertyNameCaseInsensitive { get; }

    /// <summary>Whether generated merges refuse a patch that changes a read-only member of an existing object (<see cref="JsonableReaderOptions.RefuseReadOnlyMemberChanges"/>).</summary>
    public bool RefusesReadOnlyMemberChanges { get; }

    /// <summary>
    /// Whether <see cref="NonNullableMember"/> refuses <c>null</c>, as System.Text.Json's
    /// <c>RespectNullableAnnotations</c> does: set for a merge patch, whose new objects (list items, nested objects it
    /// creates) are read by the plain readers; plain bodies keep STJ's web defaults, which take the <c>null</c>.
    /// </summary>
    internal bool RespectsNullableAnnotations { readonly get; set; }

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
        // JMC1's common case without a call: a nested object's header directly before its brace.
        int p = _pos;
#if !NET
        // netstandard2.0: JSON's common case, the brace itself, first: what follows is calls on Mono and IL2CPP.
        if ((uint)p < (uint)_buffer.Length && _buffer[p] == (byte)'{')
        {
            Enter();
            _pos = p + 1;
            return true;
        }
#endif
        if (IsJmc && IsNestedHeaderAt(p))
        {
#if NET
            _pos = p + Jmc1.Header.Length;
#else
            _pos = p + HeaderSize;
#endif
            Enter();
            _pos++;
            return true;
        }

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
        // The end of the object directly after its last member (or at once): what writers produce after every object.
        int p = _pos;
        if ((uint)p < (uint)_buffer.Length && _buffer[p] == (byte)'}')
        {
            _pos = p + 1;
            _depth--;
            name = default;
            return false;
        }

        if (TryReadPlainPropertyName(first, out name))
        {
            first = false;
            return true;
        }

        return TryReadPropertyNameSlow(ref first, out name);
    }

    /// <summary>
    /// Moves past the next member name if the input holds exactly the bytes a writer produces for
    /// <paramref name="encodedJmc1"/> or <paramref name="encodedJson"/> (whichever is this reader's format), and
    /// returns <see langword="true"/>; otherwise reads nothing and returns <see langword="false"/>, and the caller
    /// reads the name with <see cref="TryReadPropertyName"/>. Generated readers can try the member they expect next
    /// (writers emit members in declaration order) with one comparison that checks the comma, the JMC1 length
    /// comment, the quotes, the name and the colon at once, with no name matching after it.
    /// </summary>
    /// <param name="first"><see langword="true"/> before the first member (no comma is expected then); cleared on success.</param>
    /// <param name="encodedJmc1">The name as the JMC1 writer encodes it after a previous member: <c>,/*n*/"name":</c>.</param>
    /// <param name="encodedJson">The name as the JSON writer encodes it after a previous member: <c>,"name":</c>.</param>
    /// <returns>Whether the expected name was read.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadExpectedPropertyName(ref bool first, scoped ReadOnlySpan<byte> encodedJmc1, scoped ReadOnlySpan<byte> encodedJson)
    {
        ReadOnlySpan<byte> expected = IsJmc ? encodedJmc1 : encodedJson;
        if (expected.Length < 4 || expected[0] != (byte)',' || expected[^1] != (byte)':')
        {
            return false; // not a writer's encoding of a member name: let the general path judge the input
        }

        if (first)
        {
            expected = expected.Slice(1);
        }

        if (!_buffer.Slice(_pos).StartsWith(expected))
        {
            return false;
        }

        _pos += expected.Length;
        first = false;
        return true;
    }

    /// <summary>
    /// Moves past the next member name if the input holds exactly <paramref name="encodedJmc1"/> or
    /// <paramref name="encodedJson"/> (whichever is this reader's format; in JSON, also with whitespace around the comma,
    /// the name and the colon, as indented text has) and returns <see langword="true"/>; otherwise reads nothing. The same check as <see cref="TryReadExpectedPropertyName(ref bool, ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> with the comma decided by the caller:
    /// generated readers read members in declaration order straight through, so they know whether a member is the first
    /// (they pass the encoding without its leading comma) and pass the writer's constants, which makes this one unrolled
    /// comparison where it is inlined. The caller vouches that both are a writer's encoding of a member name (comma, JMC1
    /// length comment, quoted name without escapes, colon): the bytes matched skip the general path's checks.
    /// </summary>
    /// <param name="encodedJmc1">The name as the JMC1 writer encodes it: <c>,/*n*/"name":</c>, or <c>/*n*/"name":</c> for the first member.</param>
    /// <param name="encodedJson">The name as the JSON writer encodes it: <c>,"name":</c>, or <c>"name":</c> for the first member.</param>
    /// <returns>Whether the expected name was read.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadExpectedName(scoped ReadOnlySpan<byte> encodedJmc1, scoped ReadOnlySpan<byte> encodedJson)
    {
        // Kept small: in a type with many members the JIT's inlining budget runs out, and the rest are calls.
        ReadOnlySpan<byte> rest = _buffer.Slice(_pos);
#if !NET
        // netstandard2.0: System.Memory's StartsWith goes through Vector<T>, which Mono's JIT leaves as calls.
        return ByteSpans.StartsWith(rest, IsJmc ? encodedJmc1 : encodedJson) && Advance(IsJmc ? encodedJmc1.Length : encodedJson.Length);
#else
        if (IsJmc)
        {
            if (rest.StartsWith(encodedJmc1))
            {
                _pos += encodedJmc1.Length;
                return true;
            }
        }
        else if (rest.StartsWith(encodedJson))
        {
            _pos += encodedJson.Length;
            return true;
        }
        else if (rest.Length > 1 && (rest[0] <= (byte)' ' || rest[1] <= (byte)' '))
        {
            // Indented JSON: whitespace before the comma or after it.
            return TryReadExpectedNameBetweenWhitespace(encodedJson);
        }

        return false;
#endif
    }

#if NET
    /// <summary>
    /// <see cref="TryReadExpectedName(ReadOnlySpan{byte}, ReadOnlySpan{byte})"/> for JSON with whitespace around the
    /// comma, the name and the colon (an indented document): the same bytes otherwise, so that such input reads members
    /// in declaration order straight through too, instead of taking the general path for every name. Consumes nothing
    /// when the input differs.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryReadExpectedNameBetweenWhitespace(scoped ReadOnlySpan<byte> encodedJson)
    {
        ReadOnlySpan<byte> buf = _buffer;
        int p = SkipWhitespaceFrom(buf, _pos);
        scoped ReadOnlySpan<byte> expected = encodedJson;
        if (expected[0] == (byte)',')
        {
            if (p >= buf.Length || buf[p] != (byte)',')
            {
                return false;
            }

            p = SkipWhitespaceFrom(buf, p + 1);
            expected = expected.Slice(1);
        }

        // The quoted name, then whitespace, then the colon.
        scoped ReadOnlySpan<byte> quotedName = expected.Slice(0, expected.Length - 1);
        if (!buf.Slice(p).StartsWith(quotedName))
        {
            return false;
        }

        p = SkipWhitespaceFrom(buf, p + quotedName.Length);
        if (p >= buf.Length || buf[p] != (byte)':')
        {
            return false;
        }

        _pos = p + 1;
        return true;
    }
#endif

#if !NET
    private bool Advance(int count)
    {
        _pos += count;
        return true;
    }
#endif

    /// <summary>
    /// The common case, what writers produce: no whitespace, then (JMC1) a well-formed length comment that matches, a
    /// name without escapes or control characters, and the colon. Checks the same as the general path and consumes
    /// nothing when anything differs (the general path then reads it, or reports the error).
    /// </summary>
    private bool TryReadPlainPropertyName(bool first, out ReadOnlySpan<byte> name)
    {
        ReadOnlySpan<byte> buf = _buffer;
        int p = _pos;
        name = default;
        if (!first)
        {
            if ((uint)p >= (uint)buf.Length || buf[p] != (byte)',')
            {
                return false;
            }

            p++;
        }

        int hint = NoHint;
        if (IsJmc)
        {
            if (!TryReadLengthComment(buf, p, out hint))
            {
                return false;
            }

            p += Jmc1.LengthCommentSize;
        }

        if ((uint)p >= (uint)buf.Length || buf[p] != (byte)'"')
        {
            return false;
        }

        ReadOnlySpan<byte> rest = buf.Slice(p + 1);
        int end = IndexOfStringStop(rest);
        if (end < 0 || rest[end] != (byte)'"' || (hint >= 0 && hint != end) || (uint)(end + 1) >= (uint)rest.Length || rest[end + 1] != (byte)':')
        {
            return false;
        }

        name = rest.Slice(0, end);
        _pos = p + 1 + end + 2;
        return true;
    }

    private bool TryReadPropertyNameSlow(ref bool first, out ReadOnlySpan<byte> name)
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
        // A name that matched a member equals that member's (valid) UTF-8 name; only the others need checking (System.Text.Json
        // skips an unknown member without checking its name: Jsonable refuses what is not UTF-8 anywhere in a document).
        if (!Utf8.IsValid(name))
        {
            ThrowAt(_buffer.Overlaps(name, out int nameOffset) ? nameOffset : _pos, "The member name is not valid UTF-8.");
        }

        if (_depth == _metadataDepth && SkipMetadataMember(name))
        {
            return; // metadata of an object read through a polymorphic type (JsonableReader.Polymorphism.cs)
        }

        if (_unknownMembers == JsonableUnknownMemberHandling.Disallow)
        {
            ThrowAt(_pos, $"The member '{Encoding.UTF8.GetString(name)}' is not known to the target type.");
        }

        SkipWholeValue();
    }

    /// <summary>
    /// Skips a value that System.Text.Json would take as one piece (a member it does not bind, extension data): an error
    /// inside it (past <c>MaxDepth</c> included) is keyed by the value's own path (<c>$.extra</c>), as System.Text.Json
    /// keys it, not by where inside the value it went wrong.
    /// </summary>
    private void SkipWholeValue()
    {
        int start = _pos;
        try
        {
            SkipValue();
        }
        catch (JsonableException exception) when (exception.Path is null)
        {
            while (start < _buffer.Length && IsWhitespace(_buffer[start]))
            {
                start++;
            }

            exception.Path = LocatePath(start);
            throw;
        }
    }

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
                ReadOnlySpan<byte> content = ReadRawString(hint, out StringContent kind);
                if (kind == StringContent.Escaped)
                {
                    UnescapeToString(content, start + 1);
                }
                else if (kind == StringContent.Utf8 && !Utf8.IsValid(content))
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

    private void ReadColon()
    {
        SkipWhitespace();
        if (_pos >= _buffer.Length || _buffer[_pos] != (byte)':')
        {
            throw Unexpected("':'");
        }

        _pos++;
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
        if (_pos < _buffer.Length && _buffer[_pos] <= (byte)' ')
        {
            SkipWhitespaceRun();
        }
    }

    private static readonly SearchValues<byte> s_whitespace = SearchValues.Create(" \t\n\r"u8);

    /// <summary>Indented documents have runs of a newline and many spaces: skipped by a vectorized search, not byte by byte.</summary>
    private void SkipWhitespaceRun() => _pos = SkipWhitespaceFrom(_buffer, _pos);

    /// <summary>The index of the first byte at or after <paramref name="p"/> that is not JSON whitespace (the length if none).</summary>
    private static int SkipWhitespaceFrom(ReadOnlySpan<byte> buf, int p)
    {
        if (p < buf.Length && buf[p] <= (byte)' ')
        {
            int end = buf.Slice(p).IndexOfAnyExcept(s_whitespace);
            p = end < 0 ? buf.Length : p + end;
        }

        return p;
    }
}
