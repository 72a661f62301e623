using Jsonable.AspNetCore.Http;

namespace Jsonable.AspNetCore.Internal;

/// <summary>The value of a <see cref="JsonableBody{T}"/> without knowing <c>T</c>.</summary>
internal interface IJsonableBody
{
    /// <summary>The bound value.</summary>
    object? BoxedValue { get; }
}
