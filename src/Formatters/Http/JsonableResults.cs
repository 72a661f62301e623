using Microsoft.AspNetCore.Http;

namespace Jsonable.AspNetCore.Http;

/// <summary>Creates <see cref="JsonableResult{T}"/>s for minimal APIs, like <c>TypedResults</c> does for STJ.</summary>
public static class JsonableResults
{
    /// <summary>200 with <paramref name="value"/> in the negotiated format.</summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type or a collection of one.</typeparam>
    /// <param name="value">The value.</param>
    public static JsonableResult<T> Ok<T>(T value) => new(value, StatusCodes.Status200OK);

    /// <summary>201 with <paramref name="value"/> in the negotiated format and a <c>Location</c> header.</summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type.</typeparam>
    /// <param name="location">Where the created resource lives.</param>
    /// <param name="value">The value.</param>
    public static JsonableCreatedResult<T> Created<T>(string location, T value) => new(location, new JsonableResult<T>(value, StatusCodes.Status201Created));
}
