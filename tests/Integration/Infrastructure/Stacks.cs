namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// The sample's two stacks (MVC controllers under <c>/api</c>, minimal APIs under <c>/minimal</c>) and the two wire
/// formats: the matrix most integration tests run over, so that both stacks are held to the same answers.
/// </summary>
public static class Stacks
{
    /// <summary>Each stack's base path.</summary>
    public static TheoryData<string> Bases => new() { "/api", "/minimal" };

    /// <summary>Each stack's base path with each format (<c>json</c>, <c>jmc1</c>).</summary>
    public static TheoryData<string, string> BasesAndFormats => new()
    {
        { "/api", "json" },
        { "/api", "jmc1" },
        { "/minimal", "json" },
        { "/minimal", "jmc1" },
    };
}
