using System;
using System.ComponentModel;

namespace Jsonable.Metadata;

/// <summary>Reads the next member of an object read piece by piece (generated code supplies these).</summary>
/// <typeparam name="T">The object's type.</typeparam>
/// <param name="reader">A reader over the member (its name, and its value when <paramref name="valueInWindow"/>).</param>
/// <param name="target">The object being filled.</param>
/// <param name="first">Whether no member has been read yet; cleared with the first.</param>
/// <param name="valueInWindow">Whether the member's value is in the window too.</param>
/// <returns>
/// <see cref="JsonableIncrementalReader{T}.ObjectEnded"/> after the closing brace (and the after-deserialization callback); <see cref="JsonableIncrementalReader{T}.MemberRead"/>
/// once the member is read; <see cref="JsonableIncrementalReader{T}.NeedsValue"/> when the value must be in the window
/// (nothing was read); or, without the value, the id of a member whose collection is read element by element
/// (<see cref="JsonableIncrementalElementFunc{T}"/>).
/// </returns>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate int JsonableIncrementalMemberFunc<T>(ref JsonableReader reader, ref T target, ref bool first, bool valueInWindow);

/// <summary>Reads the start, one element (or entry), or the end of a collection member read piece by piece (generated code supplies these).</summary>
/// <typeparam name="T">The object's type.</typeparam>
/// <param name="reader">A reader over the piece.</param>
/// <param name="target">The object being filled; the member is set when the collection ends.</param>
/// <param name="memberId">The member's id.</param>
/// <param name="state">The collection so far.</param>
/// <returns><see langword="false"/> once the collection has ended and the member is set.</returns>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate bool JsonableIncrementalElementFunc<T>(ref JsonableReader reader, ref T target, int memberId, JsonableIncrementalState state);

/// <summary>A collection member being read element by element: what a generated reader keeps between the pieces.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class JsonableIncrementalState
{
    /// <summary>The collection being filled; <see langword="null"/> before its start is read.</summary>
    public object? Collection;

    /// <summary>The elements (or entries) read so far.</summary>
    public int Count;

    /// <summary>The JMC1 count hint, or -1.</summary>
    public int Hint = -1;

    /// <summary>
    /// The capacity to create the collection with: the count hint, but no more than a few thousand up front, since a
    /// hint is checked against the bytes that follow only when the body's length is known (growth gives the same values).
    /// </summary>
    /// <param name="hint">The count hint, or -1.</param>
    public static int Capacity(int hint) => Math.Clamp(hint, 0, 4096);
}

/// <summary>
/// The generated entry points that read an object with collection members from a stream piece by piece: each member
/// value, and each element of a collection member, is read by the synchronous generated reader once its bytes have
/// arrived, so a body is never held whole (see docs/performance.md, "Large bodies").
/// </summary>
/// <typeparam name="T">The object's type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class JsonableIncrementalReader<T>
{
    /// <summary>The member function's answer after the object's closing brace.</summary>
    public const int ObjectEnded = -1;

    /// <summary>The member function's answer once a member (name and value) has been read.</summary>
    public const int MemberRead = -2;

    /// <summary>The member function's answer when the member's value must be in the window.</summary>
    public const int NeedsValue = -3;

    /// <summary>A member whose collection is a JSON array.</summary>
    public const byte ArrayMember = 1;

    /// <summary>A member whose collection is a JSON object (a dictionary).</summary>
    public const byte DictionaryMember = 2;

    /// <summary>Describes a type's incremental reading.</summary>
    /// <param name="create">Creates the empty instance (and calls its deserialization callback).</param>
    /// <param name="readMember">Reads one member.</param>
    /// <param name="readElement">Reads a collection member's start, one element, or its end.</param>
    /// <param name="collectionKinds">By member id: 0, <see cref="ArrayMember"/> or <see cref="DictionaryMember"/>.</param>
    public JsonableIncrementalReader(Func<T> create, JsonableIncrementalMemberFunc<T> readMember, JsonableIncrementalElementFunc<T> readElement, byte[] collectionKinds)
    {
        Create = create ?? throw new ArgumentNullException(nameof(create));
        ReadMember = readMember ?? throw new ArgumentNullException(nameof(readMember));
        ReadElement = readElement ?? throw new ArgumentNullException(nameof(readElement));
        CollectionKinds = collectionKinds ?? throw new ArgumentNullException(nameof(collectionKinds));
    }

    internal Func<T> Create { get; }

    internal JsonableIncrementalMemberFunc<T> ReadMember { get; }

    internal JsonableIncrementalElementFunc<T> ReadElement { get; }

    internal byte[] CollectionKinds { get; }
}
