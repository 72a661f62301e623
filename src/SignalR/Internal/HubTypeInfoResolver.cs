using System;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace Jsonable.AspNetCore.SignalR.Internal;

/// <summary>
/// Hands System.Text.Json a contract for every type the <see cref="JsonableRegistry"/> can read or write whose converter
/// runs the generated code; other types answer <see langword="null"/>, so the next resolver of the payload options'
/// chain serves them. Put at the front of <c>JsonHubProtocolOptions.PayloadSerializerOptions</c>, it routes a hub's
/// arguments, results and stream items of Jsonable types through generated code while SignalR's own
/// <c>JsonHubProtocol</c> keeps writing and parsing the frames.
/// </summary>
internal sealed class HubTypeInfoResolver : IJsonTypeInfoResolver
{
    public static HubTypeInfoResolver Instance { get; } = new();

    public JsonTypeInfo? GetTypeInfo(Type type, JsonSerializerOptions options)
    {
        if (!JsonableRegistry.TryGetTypeInfo(type, out JsonableTypeInfo? info) || !(info.CanWrite || info.CanRead))
        {
            return null;
        }

        return info.Accept(new ContractFactory(options));
    }

    private sealed class ContractFactory(JsonSerializerOptions options) : IJsonableTypeVisitor<JsonTypeInfo>
    {
        public JsonTypeInfo Visit<T>(JsonableTypeInfo<T> info) =>
            JsonMetadataServices.CreateValueInfo<T>(options, new GeneratedCodeConverter<T>(info));
    }

    /// <summary>Writes the generated JSON as one raw value; reads by handing the value's bytes to the generated reader.</summary>
    private sealed class GeneratedCodeConverter<T>(JsonableTypeInfo<T> info) : JsonConverter<T>
    {
        public override bool HandleNull => false;

        public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options)
        {
            if (!info.CanWrite)
            {
                throw new NotSupportedException($"{typeof(T)} is not a Jsonable type that can be written: mark it [ToJson] (and partial).");
            }

            writer.WriteRawValue(JsonableSerializer.SerializeToUtf8Bytes(value), skipInputValidation: true);
        }

        public override T? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        {
            if (!info.CanRead)
            {
                throw new NotSupportedException($"{typeof(T)} is not a Jsonable type that can be read: mark it [FromJson] (and partial).");
            }

            using JsonDocument document = JsonDocument.ParseValue(ref reader);
#if NET
            ReadOnlySpan<byte> raw = System.Runtime.InteropServices.JsonMarshal.GetRawUtf8Value(document.RootElement);
#else
            ReadOnlySpan<byte> raw = Encoding.UTF8.GetBytes(document.RootElement.GetRawText());
#endif
            try
            {
                return JsonableSerializer.Deserialize<T>(raw);
            }
            catch (JsonableException exception)
            {
                // SignalR reports a JsonException as a binding failure of the invocation, as for System.Text.Json's own errors.
                throw new JsonException(exception.Message, exception);
            }
        }
    }
}
