namespace Jsonable.Http.Tests.Infrastructure;

/// <summary>
/// The sample's two stacks (MVC controllers under <c>/api</c>, minimal APIs under <c>/minimal</c>) and the two formats a
/// client asks for: the matrix the client tests run over, so that both stacks are held to the same answers.
/// </summary>
public static class SampleStacks
{
    /// <summary>Each stack's base path.</summary>
    public static TheoryData<string> Bases => new() { "/api", "/minimal" };

    /// <summary>Each stack's base path with each format.</summary>
    public static TheoryData<string, JsonableFormat> BasesAndFormats => new()
    {
        { "/api", JsonableFormat.Jmc1 },
        { "/api", JsonableFormat.Json },
        { "/minimal", JsonableFormat.Jmc1 },
        { "/minimal", JsonableFormat.Json },
    };
}
