using System;

namespace Jsonable;

/// <summary>
/// Names a closed generic type whose generic definition is marked <c>[ToJson]</c>/<c>[FromJson]</c>, such as
/// <c>[assembly: JsonableType(typeof(Page&lt;Product&gt;))]</c>, so that the generator registers it: then
/// <see cref="JsonableRegistry"/>, the ASP.NET Core formatters, <c>JsonableResults</c>, <c>JsonableSerializer</c> and
/// the HTTP client extensions all find it, root collections and dictionaries of it included, with no reflection at
/// run time (so it works under native AOT). This is how System.Text.Json's <c>[JsonSerializable(typeof(...))]</c> names
/// the types of a source-generated context.
/// </summary>
/// <remarks>
/// Each type argument must be a type Jsonable can write or read at the root: a <c>[ToJson]</c>/<c>[FromJson]</c> type,
/// an array, list or <c>IEnumerable</c> of one, a dictionary of one with a <see cref="string"/>, <see cref="int"/>,
/// <see cref="long"/> or <see cref="Guid"/> key, another closed generic named by <c>[JsonableType]</c>, or a built-in value
/// (<see cref="string"/>, <see cref="bool"/>, the integer types <see cref="byte"/>, <see cref="short"/>, <see cref="int"/>,
/// <see cref="long"/>, <see cref="uint"/>, <see cref="ulong"/>, <see cref="float"/>, <see cref="double"/>, <see cref="decimal"/>,
/// <see cref="Guid"/>, <see cref="DateTime"/>, <see cref="DateTimeOffset"/>, <c>DateOnly</c>, <see cref="TimeSpan"/>,
/// <see cref="Uri"/>). Anything else is a compile-time error at the attribute. A closed generic used as a member of
/// another generated type needs no attribute.
/// </remarks>
[AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
public sealed class JsonableTypeAttribute : Attribute
{
    /// <summary>Names a closed generic type to register.</summary>
    /// <param name="type">The closed generic type, e.g. <c>typeof(Page&lt;Product&gt;)</c>.</param>
    public JsonableTypeAttribute(Type type) => Type = type;

    /// <summary>The closed generic type to register.</summary>
    public Type Type { get; }
}
