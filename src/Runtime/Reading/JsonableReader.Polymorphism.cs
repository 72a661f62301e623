using System;
using System.ComponentModel;
using System.Text;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// Reading through a polymorphic type (<c>[JsonPolymorphic]</c>/<c>[JsonDerivedType]</c>) as System.Text.Json does by
/// default: the discriminator counts only as the object's first member; any other member whose name starts with '$'
/// in that object is an error.
/// </summary>
public ref partial struct JsonableReader
{
    /// <summary>
    /// Looks at the object at the reader's position for a type discriminator: <see langword="false"/> (having read it)
    /// for <c>null</c>; otherwise reads the first member if it is named <paramref name="propertyName"/> (a string or an
    /// int32 value, else an error), and moves back to the object's start so that the type the discriminator picks reads
    /// the whole object (skipping the discriminator). Call <see cref="EndPolymorphicObject"/> after that read.
    /// </summary>
    /// <param name="propertyName">The discriminator member's name (<c>$type</c> by default), compared exactly.</param>
    /// <param name="discriminator">What was found.</param>
    /// <returns>Whether there is an object (not <c>null</c>).</returns>
    /// <exception cref="JsonableException">The input is not an object or null, or the discriminator is neither a string nor an int32.</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TryReadTypeDiscriminator(ReadOnlySpan<byte> propertyName, out JsonableTypeDiscriminator discriminator)
    {
        int start = _pos;
        int depth = _depth;
        long reserved = _reserved;
        if (!TryReadObjectStart())
        {
            discriminator = default;
            return false;
        }

        int objectDepth = _depth;
        bool first = true;
        bool present = false;
        bool isNumber = false;
        ReadOnlySpan<byte> text = default;
        int number = 0;
        int valueOffset = _pos;
        int discriminatorEnd = -1;
        if (TryReadPropertyName(ref first, out ReadOnlySpan<byte> name) && name.SequenceEqual(propertyName))
        {
            present = true;
            discriminatorEnd = _pos;
            SkipWhitespace();
            valueOffset = _pos;
            SkipToValue(); // past a JMC1 length comment, to see the value
            if (_pos < _buffer.Length && _buffer[_pos] == (byte)'"')
            {
                _pos = valueOffset;
                text = ReadNameBytes(); // unescaped UTF-8, a slice of the input unless it has escapes; checks the length comment
            }
            else if (_pos < _buffer.Length && _buffer[_pos] is (byte)'-' or (>= (byte)'0' and <= (byte)'9'))
            {
                _pos = valueOffset; // let the number reader judge a JMC1 length comment in front of it (an error)
                isNumber = true;
                number = ReadInt32();
            }
            else
            {
                ThrowAt(_pos, $"The type discriminator '{Encoding.UTF8.GetString(propertyName)}' must be a string or an integer; found {Describe(_pos)}.");
            }
        }

        _pos = start;
        _depth = depth;
        _reserved = reserved;
        discriminator = new JsonableTypeDiscriminator(present, isNumber, text, number, valueOffset, _metadataDepth, _discriminatorEnd, _discriminatorName);
        _metadataDepth = objectDepth;
        _discriminatorEnd = discriminatorEnd;
        _discriminatorName = propertyName;
        return true;
    }

    /// <summary>Ends what <see cref="TryReadTypeDiscriminator"/> began, once the object has been read.</summary>
    /// <param name="discriminator">What <see cref="TryReadTypeDiscriminator"/> returned for the object.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void EndPolymorphicObject(scoped in JsonableTypeDiscriminator discriminator)
    {
        _metadataDepth = discriminator.PreviousMetadataDepth;
        _discriminatorEnd = discriminator.PreviousDiscriminatorEnd;
        _discriminatorName = discriminator.PreviousDiscriminatorName;
    }

    /// <summary>The error for a discriminator that names none of <paramref name="typeName"/>'s derived types.</summary>
    /// <param name="discriminator">The discriminator read.</param>
    /// <param name="typeName">The polymorphic type.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException UnknownTypeDiscriminator(scoped in JsonableTypeDiscriminator discriminator, string typeName) =>
        new($"The type discriminator {discriminator.Display} is not one of the derived types of '{typeName}'.", discriminator.ValueOffset);

    /// <summary>The error for an object of an abstract polymorphic type without a discriminator that picks a derived type.</summary>
    /// <param name="discriminatorName">The discriminator member's name.</param>
    /// <param name="typeName">The abstract type.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException TypeDiscriminatorRequired(string discriminatorName, string typeName) =>
        new($"'{typeName}' is abstract: the object must start with the type discriminator '{discriminatorName}' naming one of its derived types.", _pos);

    /// <summary>
    /// For generated merge readers of a type a polymorphic type lists with a discriminator: skips the discriminator when
    /// it is the first member of an object the polymorphic merge began with <see cref="TryReadTypeDiscriminator"/> (which
    /// checked it against the stored value's type); the discriminator or a '$' member anywhere else is an error.
    /// </summary>
    /// <param name="name">The member name as read.</param>
    /// <returns>Whether the member was the discriminator, now skipped; <see langword="false"/> for any other member.</returns>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public bool TrySkipPatchTypeDiscriminator(scoped ReadOnlySpan<byte> name) => _depth == _metadataDepth && SkipMetadataMember(name);

    /// <summary>
    /// The error for a merge patch whose discriminator names another derived type than the stored value's: a merge
    /// patch merges into the value it finds, so it cannot change that value's type.
    /// </summary>
    /// <param name="discriminator">The discriminator the patch has.</param>
    /// <param name="stored">The stored value's discriminator as written (<c>"circle"</c>, <c>2</c>), or <see langword="null"/> when it is written without one.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly JsonableException PatchCannotChangeType(scoped in JsonableTypeDiscriminator discriminator, string? stored) =>
        new($"The type discriminator {discriminator.Display} is not the stored value's ({stored ?? "it has none"}): a merge patch merges into the value it finds and cannot change its derived type. Replace the value with PUT, or set it to null in one patch and to the new value in another.", discriminator.ValueOffset);

    /// <summary>
    /// For an unknown member of an object read through a polymorphic type: skips the discriminator's value (it was read
    /// already), rejects a name starting with '$' or the discriminator's name anywhere else (as STJ does, since the
    /// discriminator must come first), and otherwise skips the member as any unknown member.
    /// </summary>
    /// <returns>Whether the member was handled (skipped).</returns>
    private bool SkipMetadataMember(scoped ReadOnlySpan<byte> name)
    {
        bool isMetadata = name.Length > 0 && name[0] == (byte)'$';
        if (!isMetadata && !name.SequenceEqual(_discriminatorName))
        {
            return false;
        }

        if (_pos == _discriminatorEnd)
        {
            SkipValue();
            return true;
        }

        throw new JsonableException(
            name.SequenceEqual(_discriminatorName)
                ? $"The type discriminator '{Encoding.UTF8.GetString(name)}' must be the first member of the object, and only once."
                : $"The member '{Encoding.UTF8.GetString(name)}' starts with '$', which marks metadata in a polymorphic type: only the type discriminator may, and only as the first member.",
            _pos);
    }
}
