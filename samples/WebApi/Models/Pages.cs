namespace Jsonable.Samples.WebApi.Models;

/// <summary>Cuts pages out of lists.</summary>
public static class Pages
{
    /// <summary>The page of <paramref name="all"/> that starts at <paramref name="offset"/> (clamped) and holds up to <paramref name="limit"/> items (1 to 100).</summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="all">Every item.</param>
    /// <param name="offset">How many items to skip.</param>
    /// <param name="limit">How many items at most.</param>
    public static Page<T> Of<T>(IReadOnlyList<T> all, int offset, int limit)
    {
        offset = Math.Clamp(offset, 0, all.Count);
        return new Page<T> { Items = all.Skip(offset).Take(Math.Clamp(limit, 1, 100)).ToList(), Offset = offset, Total = all.Count };
    }
}
