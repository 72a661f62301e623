using System;
using System.Text.Json;
using Jsonable.Internal;
using Jsonable.SystemTextJson;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The runtime's <see cref="JsonableJsonConverter{T}"/> with what a request adds: a response's root value is written as
/// JMC1 when the request negotiated it (<see cref="JsonableResponseFormat"/>), and a body the generated reader refuses
/// reaches <c>UseJsonable()</c>'s middleware as a <see cref="JsonableBodyException"/> (a 400 keyed by the JSON path)
/// instead of the framework's empty 400 for a <see cref="JsonException"/>.
/// </summary>
internal sealed class HttpJsonableJsonConverter<T>(JsonableTypeInfo<T> info, JsonSerializerOptions options, JsonableReaderOptions readerOptions, JsonableWriterOptions writerOptions)
    : JsonableJsonConverter<T>(info, options, readerOptions, writerOptions)
{
    public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options)
    {
        if (writer.CurrentDepth == 0 && TypeInfo.WriteAction is { } write && JsonableResponseFormat.TryGetJsonResponse(out _, out _))
        {
            using var buffer = new PooledByteBufferWriter();
            if (JsonableResponseFormat.TryWriteJmc1(buffer, value, write, TypeInfo.IsObject, WriterOptions))
            {
                // The response negotiated JMC1: the document is not JSON, so it is not validated.
                writer.WriteRawValue(buffer.WrittenSpan, skipInputValidation: true);
                return;
            }
        }

        base.Write(writer, value, options);
    }

    public override T? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        try
        {
            return base.Read(ref reader, typeToConvert, options);
        }
        catch (JsonException exception) when (exception.InnerException is JsonableException reason)
        {
            throw new JsonableBodyException(reason);
        }
    }
}

/// <summary>
/// A body the generated reader refused while System.Text.Json bound a plain <c>T</c> parameter: carried past the
/// framework's binding (which would answer an empty 400) to <c>UseJsonable()</c>'s middleware, which answers it as a
/// <c>JsonableBody&lt;T&gt;</c> failure, a 400 problem keyed by the JSON path.
/// </summary>
internal sealed class JsonableBodyException(JsonableException inner) : Exception(inner.Message, inner)
{
    public JsonableException Reason => inner;
}
