namespace Jsonable.Generator.Model;

/// <summary>
/// A closed generic type named by <c>[assembly: JsonableType(typeof(Page&lt;Product&gt;))]</c> (or needed by one, as
/// <c>Page&lt;Product&gt;</c> is by <c>Page&lt;Page&lt;Product&gt;&gt;</c>), which the assembly's registration lists.
/// </summary>
/// <param name="FullyQualifiedName">The closed type, as C# source (<c>global::Shop.Page&lt;global::Shop.Product&gt;</c>).</param>
/// <param name="DefinitionName">Its generic definition as the model of a generated type names it (<c>global::Shop.Page&lt;T&gt;</c>).</param>
/// <param name="DefinedHere">Whether the definition is in the compilation being generated (else a referenced assembly generated it).</param>
/// <param name="Writable">Whether the definition is <c>[ToJson]</c>.</param>
/// <param name="Readable">Whether the definition is <c>[FromJson]</c>.</param>
internal sealed record ClosedGenericModel(string FullyQualifiedName, string DefinitionName, bool DefinedHere, bool Writable, bool Readable);
