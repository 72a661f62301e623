using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Arrays and dictionaries, with their JMC1 count hints: a count is checked against the bytes left (minus what the open
/// containers' remaining elements need) before it sizes anything, and against the elements actually read; the depth
/// every object, array and dictionary enters. How many containers a document holds is not limited: each materializes
/// one instance from at least the two bytes that back it, as System.Text.Json's would.
/// </summary>
public ref partial struct JsonableReader
{
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
        if (!NextItem(count, countHint, (byte)'}', MinEntryBytes))
        {
            key = null;
            return false;
        }

        count++;
        int p = _pos;
        int hint;
        if (IsJmc && TryReadLengthComment(_buffer, p, out hint) && _buffer[p + Jmc1.LengthCommentSize] == (byte)'"')
        {
            _pos = p + Jmc1.LengthCommentSize; // JMC1's common case without a call
        }
        else
        {
            hint = SkipToValue();
        }

        key = ReadStringCore(hint);
        ReadColon();
        return true;
    }

    // ---- arrays --------------------------------------------------------------------------------

    /// <summary>Reads the start of an array (its JMC1 count hint, then <c>[</c>) or <c>null</c>.</summary>
    /// <param name="countHint">The element count from the length comment (checked against the bytes left), or -1.</param>
    public bool TryReadArrayStart(out int countHint)
    {
        // JMC1's common case without a call: a count comment directly before the bracket.
        int p = _pos;
#if !NET
        // netstandard2.0: JSON's common case, the bracket itself, first: what follows is calls on Mono and IL2CPP.
        if ((uint)p < (uint)_buffer.Length && _buffer[p] == (byte)'[')
        {
            countHint = NoHint;
            Enter();
            _pos = p + 1;
            return true;
        }
#endif
        if (IsJmc && TryReadLengthComment(_buffer, p, out countHint) && _buffer[p + Jmc1.LengthCommentSize] == (byte)'[')
        {
            _pos = p + Jmc1.LengthCommentSize;
            BeginCountedContainer(countHint, MinElementBytes, "elements");
            return true;
        }

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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadArrayElement(ref int count, int countHint)
    {
        if (!NextItem(count, countHint, (byte)']', MinElementBytes))
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
            long remaining = _buffer.Length - _pos + (_window?.Tail ?? 0);
            long available = remaining - _reserved;
            if (needed > available)
            {
                var error = new JsonableException($"The length comment claims {countHint} {items} but only {remaining} bytes remain, too few to hold them.", _pos);

                // A claim that fits on its own failed only because enclosing claims reserve the rest: one of those lied.
                throw needed > remaining ? error : CountClaimAudit.Blame(_buffer, _pos, error);
            }

            _reserved += needed;
        }

        Enter();
        _pos++;
    }

    /// <summary>
    /// What writers produce, decided without a call: a comma before the next item (nothing before the first, which
    /// starts with neither whitespace nor a comma), or the closing bracket or brace, with the count hint (if any)
    /// agreeing. Anything else, and every error, goes to <see cref="NextContainerItem"/>, with the same results.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool NextItem(int count, int countHint, byte close, int minItemBytes)
    {
        int p = _pos;
        if ((uint)p < (uint)_buffer.Length)
        {
            byte b = _buffer[p];
            if (b == close)
            {
                if (countHint < 0 || countHint == count)
                {
                    _pos = p + 1;
                    _depth--;
                    return false;
                }
            }
            else if ((countHint < 0 || count < countHint) && (count > 0 ? b == (byte)',' : b > (byte)' ' && b != (byte)','))
            {
                _pos = count > 0 ? p + 1 : p;
                if (countHint >= 0)
                {
                    _reserved -= minItemBytes;
                }

                return true;
            }
        }

        return NextContainerItem(count, countHint, close);
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
        new(reason, _pos, LocatePath(_pos, containerOnly: true));


    [DoesNotReturn]
    private readonly void ThrowDepthExceeded() =>
        throw new JsonableException($"The document is nested deeper than the maximum depth of {_maxDepth}.", _pos) { IsDepthLimit = true };

    private static bool IsWhitespace(byte b) => b is (byte)' ' or (byte)'\t' or (byte)'\n' or (byte)'\r';

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Enter()
    {
        if (++_depth > _maxDepth)
        {
            ThrowDepthExceeded();
        }

        if ((_depth & (JsonableLimits.StackCheckInterval - 1)) == 0)
        {
            // Generated readers recurse once per level; a deep MaxDepth on a small stack still fails cleanly.
            RuntimeHelpers.EnsureSufficientExecutionStack();
        }
    }
}
