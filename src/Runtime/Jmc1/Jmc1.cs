using System;

namespace Jsonable;

/// <summary>Constants of the JMC1 byte format (the byte format: docs/jmc1.md).</summary>
/// <remarks>
/// The one source of these rules: the generator compiles this file too (it pre-encodes member names), where the
/// class is internal.
/// </remarks>
#if JSONABLE_GENERATOR
internal
#else
public
#endif
static class Jmc1
{
    /// <summary>The media type of JMC1 documents (declared here once: the generator compiles this file, and <c>JsonableMediaTypeNames.Jmc1</c> refers to it).</summary>
    public const string MediaType = "application/jsonc+jmc1";

    /// <summary>The largest length a length comment can carry.</summary>
    public const int MaxLength = 32207;

    /// <summary>The one length whose encoding would read <c>*/</c>; writers omit its comment.</summary>
    public const int UnencodableLength = 11770;

    /// <summary>The bias added to a length before it is stored as little-endian uint16.</summary>
    public const int LengthBias = 0x0130;

    /// <summary>The size in bytes of a length comment.</summary>
    public const int LengthCommentSize = 6;

    /// <summary>The header <c>/*JMC1*/</c> that starts every object and every document.</summary>
    public static ReadOnlySpan<byte> Header => "/*JMC1*/"u8;

    /// <summary>Whether a writer can put a length comment before a value of length <paramref name="n"/>.</summary>
    /// <param name="n">A UTF-8 byte count or an element count.</param>
    public static bool CanEncodeLength(int n) => (uint)n <= MaxLength && n != UnencodableLength;
}
