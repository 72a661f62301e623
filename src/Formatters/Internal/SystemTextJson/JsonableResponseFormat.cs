using System;
using System.Buffers;
using System.Threading;
using Microsoft.AspNetCore.Http;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// JMC1 for responses that minimal APIs write through System.Text.Json (<c>TypedResults.Ok(order)</c>, a handler
/// returning <c>Order</c>): <c>UseJsonable()</c>'s middleware marks a request that negotiated JMC1, and the converter of
/// a Jsonable type (<see cref="JsonableJsonConverter{T}"/>), asked for the root value of a response the framework has
/// just labelled <c>application/json</c>, writes the JMC1 document instead and relabels the response. The status, set
/// by the result before it writes, is unchanged.
/// </summary>
internal static class JsonableResponseFormat
{
    // Set only for requests that negotiated JMC1, so a JSON request reads an empty slot.
    private static readonly AsyncLocal<HttpContext?> s_jmc1Request = new();

    /// <summary>Marks the rest of this request's flow as answering in JMC1 where a Jsonable type is the response body.</summary>
    public static void MarkJmc1(HttpContext context) => s_jmc1Request.Value = context;

    /// <summary>Writes <paramref name="value"/> as JMC1 when the current request negotiated it and its response body is being labelled JSON now.</summary>
    public static bool TryWriteJmc1<T>(IBufferWriter<byte> output, T value, JsonableWriteAction<T> write, bool isObject, JsonableWriterOptions options)
    {
        if (s_jmc1Request.Value is not { } context)
        {
            return false;
        }

        HttpResponse response = context.Response;
        if (response.HasStarted || response.ContentType is not { } contentType
            || !contentType.StartsWith(JsonableMediaTypes.Json, StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        response.ContentType = JsonableMediaTypes.Jmc1;
        JsonableResultsHelper.AddVaryAccept(response);
        JsonableSerializer.WriteDocument(output, value, JsonableFormat.Jmc1, options, write, isObject);
        return true;
    }
}
