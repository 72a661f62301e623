using System.Collections.Generic;
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

    /// <summary>
    /// 200 with only the named members of <paramref name="value"/>, written by their generated partial writers (a
    /// property endpoint, or a <c>?fields=</c> selector); a name without a partial writer answers 400 listing the valid ones.
    /// </summary>
    /// <typeparam name="T">A <c>[ToJson]</c> type with <c>[ToJson(Property = nameof(X))]</c> partial writers.</typeparam>
    /// <param name="value">The resource.</param>
    /// <param name="members">Member names, C# or wire, matched ignoring case.</param>
    /// <param name="etag">The resource's entity tag for the <c>ETag</c> header, or <see langword="null"/>.</param>
    public static JsonableMembersResult<T> Members<T>(T value, IEnumerable<string> members, string? etag = null) => new(value, members, etag);
}
