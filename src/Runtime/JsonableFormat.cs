namespace Jsonable;

/// <summary>The two wire formats Jsonable reads and writes.</summary>
public enum JsonableFormat
{
    /// <summary>Plain RFC 8259 JSON (<c>application/json</c>).</summary>
    Json = 0,

    /// <summary>JMC1: compact JSON with header and length comments (<c>application/jsonc+jmc1</c>).</summary>
    Jmc1 = 1,
}
