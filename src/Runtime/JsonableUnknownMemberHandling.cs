namespace Jsonable;

/// <summary>How a reader treats a JSON member that matches no member of the target type.</summary>
public enum JsonableUnknownMemberHandling
{
    /// <summary>Skip the member and its value (after checking it is well-formed).</summary>
    Skip = 0,

    /// <summary>Fail with a <see cref="JsonableException"/> naming the member.</summary>
    Disallow = 1,
}
