using System;
using System.ComponentModel;
using System.Globalization;
using System.Text;

namespace Jsonable.Metadata;

/// <summary>
/// The type discriminator (STJ's <c>$type</c>) of an object read through a polymorphic type, as
/// <see cref="JsonableReader.TryReadTypeDiscriminator"/> found it: absent, a string, or an integer. Generated readers
/// compare it with each derived type's discriminator.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly ref struct JsonableTypeDiscriminator
{
    private readonly ReadOnlySpan<byte> _text;
    private readonly int _number;
    private readonly bool _isNumber;

    internal JsonableTypeDiscriminator(bool isPresent, bool isNumber, ReadOnlySpan<byte> text, int number, int valueOffset, int previousMetadataDepth, int previousDiscriminatorEnd, ReadOnlySpan<byte> previousDiscriminatorName)
    {
        IsPresent = isPresent;
        _isNumber = isNumber;
        _text = text;
        _number = number;
        ValueOffset = valueOffset;
        PreviousMetadataDepth = previousMetadataDepth;
        PreviousDiscriminatorEnd = previousDiscriminatorEnd;
        PreviousDiscriminatorName = previousDiscriminatorName;
    }

    /// <summary>Whether the object's first member is the discriminator.</summary>
    public bool IsPresent { get; }

    /// <summary>The byte offset of the discriminator's value (where an error about it points).</summary>
    internal int ValueOffset { get; }

    internal int PreviousMetadataDepth { get; }

    internal int PreviousDiscriminatorEnd { get; }

    internal ReadOnlySpan<byte> PreviousDiscriminatorName { get; }

    /// <summary>Whether the discriminator is the string <paramref name="utf8"/> (exactly: ordinal, after unescaping).</summary>
    /// <param name="utf8">A derived type's string discriminator as UTF-8.</param>
    public bool Is(scoped ReadOnlySpan<byte> utf8) => IsPresent && !_isNumber && _text.SequenceEqual(utf8);

    /// <summary>Whether the discriminator is the integer <paramref name="number"/> (a JSON number, not a string holding digits).</summary>
    /// <param name="number">A derived type's integer discriminator.</param>
    public bool Is(int number) => IsPresent && _isNumber && _number == number;

    /// <summary>The discriminator as an error message shows it.</summary>
    internal string Display => _isNumber
        ? _number.ToString(CultureInfo.InvariantCulture)
        : _text.Length <= MaxShown ? "\"" + Encoding.UTF8.GetString(_text) + "\"" : "\"" + Encoding.UTF8.GetString(_text.Slice(0, MaxShown)).TrimEnd('\uFFFD') + "…\" (" + _text.Length.ToString(CultureInfo.InvariantCulture) + " bytes)";

    /// <summary>How much of a string discriminator an error message repeats (a client may send a huge one).</summary>
    private const int MaxShown = 64;
}
