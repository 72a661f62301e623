using System.Collections.Concurrent;
using System.Threading;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The choice each distinct header value led to (Accept, Content-Type), so a client's usual header is parsed once per
/// app rather than per request. Keyed by whether JMC1 is on, since the same header chooses differently with it off.
/// Bounded: a long value, or any value past the limit (a client inventing headers), is parsed each time instead.
/// </summary>
/// <typeparam name="TChoice">What the header value chose.</typeparam>
internal sealed class HeaderChoiceCache<TChoice>
{
    private const int MaxValueLength = 256;
    private const int MaxValues = 128;
    private readonly ConcurrentDictionary<(string Value, bool Jmc1), TChoice> _choices = new();
    private int _count;

    /// <summary>The choice <paramref name="value"/> led to before, if remembered.</summary>
    public bool TryGet(string value, bool jmc1, out TChoice choice)
    {
        if (value.Length <= MaxValueLength)
        {
            return _choices.TryGetValue((value, jmc1), out choice!);
        }

        choice = default!;
        return false;
    }

    /// <summary>Remembers <paramref name="choice"/> for <paramref name="value"/> while there is room.</summary>
    public void Remember(string value, bool jmc1, TChoice choice)
    {
        if (value.Length <= MaxValueLength && Volatile.Read(ref _count) < MaxValues && _choices.TryAdd((value, jmc1), choice))
        {
            Interlocked.Increment(ref _count);
        }
    }
}
