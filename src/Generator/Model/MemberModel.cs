namespace Jsonable.Generator.Model;

/// <summary>One serialized member of a generated type.</summary>
/// <param name="Identifier">The C# identifier to use in code (with <c>@</c> when it is a keyword).</param>
/// <param name="JsonName">The name on the wire.</param>
/// <param name="Shape">How the value is written and read.</param>
/// <param name="CanWrite">Whether the member has a public getter (it is written).</param>
/// <param name="CanRead">Whether the member has a public setter (it is read).</param>
internal sealed record MemberModel(string Identifier, string JsonName, TypeShape Shape, bool CanWrite, bool CanRead);
