using System;
using System.Collections.Generic;
using System.Numerics;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// The members a merge patch set, cleared or merged: a set of member ids (bits, no allocation for types of up to 128
/// members) that names each member with its JSON path. A handler uses it to validate and persist only those members.
/// </summary>
/// <remarks>
/// A member is in the set when the patch document names it, whether or not its new value differs from the old one.
/// A nested object merged member by member is reported as its top-level member (a patch of
/// <c>{"payload":{"mass":2}}</c> reports <c>$.payload</c>).
/// </remarks>
public struct JsonableMemberSet
{
    private readonly JsonableMember[]? _members;
    private ulong _low;
    private ulong _high;
    private ulong[]? _more; // members with ids of 128 and above (types that large are rare)

    /// <summary>Creates an empty set over a type's members (generated code and the merge entry point create these).</summary>
    /// <param name="members">The type's members, indexed by id.</param>
    public JsonableMemberSet(JsonableMember[]? members)
    {
        _members = members;
        _low = 0;
        _high = 0;
        _more = null;
    }

    /// <summary>How many members are in the set.</summary>
    public readonly int Count
    {
        get
        {
            int count = BitOperations.PopCount(_low) + BitOperations.PopCount(_high);
            foreach (ulong word in _more ?? [])
            {
                count += BitOperations.PopCount(word);
            }

            return count;
        }
    }

    /// <summary>Whether no member is in the set (the patch was <c>{}</c>).</summary>
    public readonly bool IsEmpty => Count == 0;

    /// <summary>Adds a member id.</summary>
    /// <param name="id">The member's id.</param>
    /// <returns><see langword="false"/> when it was already in the set (a member named twice in one patch).</returns>
    public bool Add(int id)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(id);
        ulong bit = 1UL << (id & 63);
        ref ulong word = ref _low;
        if (id >= 128)
        {
            int index = (id >> 6) - 2;
            if (_more is null || _more.Length <= index)
            {
                Array.Resize(ref _more, index + 1);
            }

            word = ref _more[index];
        }
        else if (id >= 64)
        {
            word = ref _high;
        }

        bool added = (word & bit) == 0;
        word |= bit;
        return added;
    }

    /// <summary>Whether the member with this id is in the set.</summary>
    /// <param name="id">The member's id.</param>
    public readonly bool Contains(int id)
    {
        if (id < 0)
        {
            return false;
        }

        ulong bit = 1UL << (id & 63);
        ulong word = id < 64 ? _low : id < 128 ? _high : _more is { } more && (id >> 6) - 2 < more.Length ? more[(id >> 6) - 2] : 0;
        return (word & bit) != 0;
    }

    /// <summary>Whether the member with this C# name (<c>nameof</c>) or wire name is in the set.</summary>
    /// <param name="name">The member's C# or wire name.</param>
    public readonly bool Contains(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        foreach (JsonableMember member in _members ?? [])
        {
            if ((member.Name == name || member.JsonName == name) && Contains(member.Id))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The members in the set, in declaration order, without allocating.</summary>
    public readonly Enumerator GetEnumerator() => new(this);

    /// <summary>The JSON paths of the members in the set (allocates a list; for logs and responses).</summary>
    public readonly IReadOnlyList<string> ToPaths()
    {
        var paths = new List<string>();
        foreach (JsonableMember member in this)
        {
            paths.Add(member.Path);
        }

        return paths;
    }

    /// <inheritdoc />
    public override readonly string ToString() => string.Join(", ", ToPaths());

    /// <summary>Enumerates the members of a <see cref="JsonableMemberSet"/>.</summary>
    public struct Enumerator
    {
        private readonly JsonableMemberSet _set;
        private int _index;

        internal Enumerator(JsonableMemberSet set)
        {
            _set = set;
            _index = -1;
        }

        /// <summary>The current member.</summary>
        public readonly JsonableMember Current => _set._members![_index];

        /// <summary>Moves to the next member in the set.</summary>
        public bool MoveNext()
        {
            JsonableMember[]? members = _set._members;
            if (members is null)
            {
                return false;
            }

            while (++_index < members.Length)
            {
                if (_set.Contains(members[_index].Id))
                {
                    return true;
                }
            }

            return false;
        }
    }
}
