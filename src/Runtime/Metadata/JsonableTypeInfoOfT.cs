using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;

namespace Jsonable.Metadata;

/// <summary>The strongly typed <see cref="JsonableTypeInfo"/>.</summary>
/// <typeparam name="T">The type described.</typeparam>
public partial class JsonableTypeInfo<T> : JsonableTypeInfo
{
    private readonly JsonableWriteAction<T>? _write;
    private readonly JsonableReadFunc<T>? _read;
    private readonly JsonablePartialWriter<T>[] _partialWriters;
    private readonly JsonableMergeAction<T>? _merge;
    private readonly JsonableMember[] _members;

    /// <summary>Describes <typeparamref name="T"/> by its write and read functions.</summary>
    /// <param name="write">Writes a value; <see langword="null"/> when the type cannot be written.</param>
    /// <param name="read">Reads a value; <see langword="null"/> when the type cannot be read.</param>
    /// <param name="isObject">Whether the value is a JSON object (with its own JMC1 header).</param>
    /// <param name="elementType">For a collection of a generated type, the element type.</param>
    /// <param name="partialWriters">The type's generated partial writers (<c>ToJsonUtf8_X</c>), if any.</param>
    /// <param name="merge">The type's generated merge reader; <see langword="null"/> when it cannot be merged into.</param>
    /// <param name="members">The type's members by id (what <see cref="JsonableMemberSet"/> names).</param>
    public JsonableTypeInfo(
        JsonableWriteAction<T>? write,
        JsonableReadFunc<T>? read,
        bool isObject,
        Type? elementType = null,
        JsonablePartialWriter<T>[]? partialWriters = null,
        JsonableMergeAction<T>? merge = null,
        JsonableMember[]? members = null)
        : base(typeof(T), isObject, elementType)
    {
        _write = write;
        _read = read;
        _partialWriters = partialWriters ?? [];
        _merge = merge;
        _members = members ?? [];
    }

    /// <summary>Whether a merge patch can be applied to an instance (a generated <c>[FromJson]</c> type that is not a readonly struct).</summary>
    public override bool CanMerge => _merge is not null;

    /// <summary>
    /// The generated writer, or <see langword="null"/> when the type cannot be written: for the registry to build collection
    /// infos from (see <see cref="JsonableRegistry.CreateTypeInfo{T}"/>), and for Jsonable's own packages (Jsonable.AspNetCore
    /// writes a response body with it); not for application code.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public JsonableWriteAction<T>? WriteAction => _write;

    /// <summary>The generated asynchronous writer (a type that holds a collection somewhere), or <see langword="null"/>.</summary>
    internal virtual JsonableWriteAsyncFunc<T>? WriteAsyncFunc => null;

    /// <summary>Whether a value holds a large collection, so that <see cref="WriteAsyncFunc"/> is worth its pieces; <see langword="null"/> when unknown.</summary>
    internal virtual Func<T, int, bool>? HoldsLargeCollectionFunc => null;

    /// <summary>The reader, for the registry to build collection infos from.</summary>
    internal JsonableReadFunc<T>? ReadFunc => _read;

    /// <inheritdoc />
    public override TResult Accept<TResult>(IJsonableTypeVisitor<TResult> visitor)
    {
        ArgumentNullException.ThrowIfNull(visitor);
        return visitor.Visit(this);
    }

    /// <summary>The type's members by id (for a generated type; empty for collections).</summary>
    public IReadOnlyList<JsonableMember> Members => _members;

    /// <summary>
    /// Applies a merge-patch document (RFC 7396, in JSON or JMC1) to <paramref name="target"/>, atomically: absent
    /// members are unchanged, <c>null</c> clears, arrays and lists are replaced whole, dictionaries and nested objects
    /// are merged, and an unknown member is an error. On any error the target is untouched.
    /// </summary>
    /// <param name="patch">The whole patch document; its root must be an object.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="target">The instance to change.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>The members the patch named.</returns>
    /// <exception cref="JsonableException">The patch is malformed or does not fit the target; nothing was changed.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> cannot be merged into (see <see cref="CanMerge"/>).</exception>
    public JsonableMemberSet Merge(ReadOnlySpan<byte> patch, JsonableFormat format, ref T target, JsonableReaderOptions? options = null) =>
        JsonableMetadataServices.MergeDocument(patch, format, options, ref target, _merge ?? throw CannotMerge(), _members);

    /// <summary>
    /// Checks a merge-patch document against <typeparamref name="T"/> alone, without a target: what a server can
    /// reject before it loads the resource. Errors that depend on the target (a nested object that does not exist yet
    /// must be complete) surface only in <see cref="Merge"/>.
    /// </summary>
    /// <param name="patch">The whole patch document.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>The members the patch names.</returns>
    /// <exception cref="JsonableException">The patch is malformed or does not fit the type.</exception>
    public JsonableMemberSet ValidatePatch(ReadOnlySpan<byte> patch, JsonableFormat format, JsonableReaderOptions? options = null) =>
        JsonableMetadataServices.ValidateMergeDocument(patch, format, options, _merge ?? throw CannotMerge(), _members);

    /// <summary>
    /// Checks a merge-patch document against <paramref name="target"/> without changing it: everything
    /// <see cref="Merge"/> checks before it applies anything (which nested objects exist, and with
    /// <see cref="JsonableReaderOptions.RefuseReadOnlyMemberChanges"/> the read-only members of those).
    /// </summary>
    /// <param name="patch">The whole patch document; its root must be an object.</param>
    /// <param name="format">JSON or JMC1.</param>
    /// <param name="target">The instance the patch would be applied to; it is read, never written.</param>
    /// <param name="options">Limits; <see langword="null"/> for the defaults.</param>
    /// <returns>The members the patch names.</returns>
    /// <exception cref="JsonableException">The patch is malformed or does not fit the target.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> cannot be merged into (see <see cref="CanMerge"/>).</exception>
    public JsonableMemberSet CheckPatch(ReadOnlySpan<byte> patch, JsonableFormat format, T target, JsonableReaderOptions? options = null) =>
        JsonableMetadataServices.CheckMergeDocument(patch, format, options, ref target, _merge ?? throw CannotMerge(), _members);

    private static NotSupportedException CannotMerge() =>
        new($"{typeof(T)} cannot be merged into: mark it [FromJson] (a readonly struct cannot be changed in place).");

    /// <summary>The generated partial writers, one per <c>[ToJson(Property = nameof(X))]</c>, in declaration order.</summary>
    public IReadOnlyList<JsonablePartialWriter<T>> PartialWriters => _partialWriters;

    /// <summary>
    /// Finds the partial writer of a member by its C# name (<c>nameof</c>) or its name on the wire, exactly first and
    /// then ignoring case (so <c>?fields=Position</c> and <c>?fields=position</c> both find <c>ToJsonUtf8_Position</c>).
    /// </summary>
    /// <param name="name">The member's C# or wire name.</param>
    /// <param name="partialWriter">The partial writer, when found.</param>
    /// <returns>Whether the type has a partial writer for that member.</returns>
    public bool TryGetPartialWriter(string name, [NotNullWhen(true)] out JsonablePartialWriter<T>? partialWriter)
    {
        ArgumentNullException.ThrowIfNull(name);
        foreach (StringComparison comparison in (ReadOnlySpan<StringComparison>)[StringComparison.Ordinal, StringComparison.OrdinalIgnoreCase])
        {
            foreach (JsonablePartialWriter<T> candidate in _partialWriters)
            {
                if (string.Equals(candidate.MemberName, name, comparison) || string.Equals(candidate.JsonName, name, comparison))
                {
                    partialWriter = candidate;
                    return true;
                }
            }
        }

        partialWriter = null;
        return false;
    }

    /// <inheritdoc />
    public override bool CanWrite => _write is not null;

    /// <inheritdoc />
    public override bool CanRead => _read is not null;

    /// <summary>Writes <paramref name="value"/>.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    public void Write(ref JsonableWriter writer, T value)
    {
        if (_write is null)
        {
            throw new NotSupportedException($"{typeof(T)} has no generated writer; mark it [ToJson].");
        }

        _write(ref writer, value);
    }

    /// <summary>Reads a value.</summary>
    /// <param name="reader">The reader.</param>
    public T? Read(ref JsonableReader reader)
    {
        if (_read is null)
        {
            throw new NotSupportedException($"{typeof(T)} has no generated reader; mark it [FromJson].");
        }

        return _read(ref reader);
    }

    /// <inheritdoc />
    public override void WriteBoxed(ref JsonableWriter writer, object? value) => Write(ref writer, (T)value!);

    /// <inheritdoc />
    public override object? ReadBoxed(ref JsonableReader reader) => Read(ref reader);
}
