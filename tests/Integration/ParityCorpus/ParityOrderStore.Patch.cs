using System.Collections.Concurrent;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The orders PATCH requests change: one per id from <see cref="FirstPatchableId"/> up, created from the first seeded
/// order on first use, so each PATCH case has a resource of its own and its GET afterwards shows what that case did.
/// </summary>
public sealed partial class ParityOrderStore
{
    /// <summary>Ids below this are the seeded orders; from it up, each id is an order made for one PATCH case.</summary>
    public const int FirstPatchableId = 1000;

    private readonly ConcurrentDictionary<int, Versioned> _patchable = new();

    /// <summary>The order and its version (its entity tag is the version, quoted).</summary>
    public (ParityOrder Order, string ETag) Patchable(int id)
    {
        Versioned stored = _patchable.GetOrAdd(id, static id =>
        {
            ParityOrder order = SeedOrders.First();
            order.Id = id;
            return new Versioned(order, 1);
        });
        return (stored.Order, $"\"{stored.Version}\"");
    }

    /// <summary>Stores the patched order under its id as the next version.</summary>
    public void ReplacePatchable(int id, ParityOrder order) =>
        _patchable.AddOrUpdate(id, _ => new Versioned(order, 2), (_, old) => new Versioned(order, old.Version + 1));

    private sealed record Versioned(ParityOrder Order, int Version);
}
