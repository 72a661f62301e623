using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using System.Threading.Tasks;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Creates the System.Text.Json contract of an actual async sequence of a Jsonable type (the compiler's iterator class
/// behind an <c>async IAsyncEnumerable&lt;Order&gt;</c> method, a channel's reader): what ASP.NET Core asks for when a
/// minimal endpoint returns <c>IAsyncEnumerable&lt;Order&gt;</c> or <c>TypedResults.Ok</c> of one, since it writes an
/// interface-typed value by its runtime type.
/// </summary>
internal static class JsonableAsyncSequenceConverter
{
    /// <summary>
    /// The contract of <paramref name="type"/> when it is a class implementing <c>IAsyncEnumerable&lt;T&gt;</c> of a
    /// Jsonable <c>T</c>, else <see langword="null"/>. Also <see langword="null"/> where code cannot be generated at run
    /// time (Native AOT): a contract for a runtime type is a generic instantiation, and System.Text.Json alone has none
    /// there either (it writes such a value only from a context that names its runtime type).
    /// </summary>
    public static JsonTypeInfo? TryCreateTypeInfo(Type type, JsonSerializerOptions options)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported || type.IsValueType || type.IsInterface || type.IsArray || type.IsAbstract
            || type == typeof(string) || type.ContainsGenericParameters || ElementOf(type) is not { } element
            || !JsonableRegistry.TryGetTypeInfo(element, out JsonableTypeInfo? info) || !info.CanWrite)
        {
            return null;
        }

        // Once per sequence type: System.Text.Json keeps the contract.
        MethodInfo create = typeof(JsonableAsyncSequenceConverter).GetMethod(nameof(Create), BindingFlags.NonPublic | BindingFlags.Static)!;
        return (JsonTypeInfo)create.MakeGenericMethod(type, element).Invoke(null, [options])!;
    }

    private static JsonTypeInfo<TSequence> Create<TSequence, T>(JsonSerializerOptions options)
        where TSequence : IAsyncEnumerable<T> =>
        JsonMetadataServices.CreateValueInfo<TSequence>(options, new JsonableAsyncSequenceConverter<TSequence, T>());

    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A sequence that reaches a serializer as IAsyncEnumerable<T> was used as one, so the trimmer kept that interface on its type.")]
    private static Type? ElementOf(Type type)
    {
        foreach (Type candidate in type.GetInterfaces())
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
            {
                return candidate.GenericTypeArguments[0];
            }
        }

        return null;
    }
}

/// <summary>
/// Writes an async sequence of a Jsonable type met as the root of a response that <c>UseJsonable()</c> serves: a
/// converter cannot await, so it labels the response as negotiated and hands the sequence to the middleware, which
/// writes it once the endpoint returns (<see cref="AsyncSequenceResponse"/>). Anywhere else (no such request, or inside
/// another value) it writes the JSON array System.Text.Json writes, waiting for each item.
/// </summary>
internal sealed class JsonableAsyncSequenceConverter<TSequence, T> : JsonConverter<TSequence>
    where TSequence : IAsyncEnumerable<T>
{
    public override bool HandleNull => false;

    public override void Write(Utf8JsonWriter writer, TSequence value, JsonSerializerOptions options)
    {
        if (writer.CurrentDepth == 0 && writer.BytesCommitted + writer.BytesPending == 0 && AsyncSequenceResponse.TryHandOver<T>(value, options))
        {
            return;
        }

        // Outside a request of UseJsonable()'s (a value serialized with the app's options elsewhere): the items are waited
        // for here, which holds a thread while the source waits; the response paths never come here.
        var elementInfo = (JsonTypeInfo<T>)options.GetTypeInfo(typeof(T));
        writer.WriteStartArray();
        IAsyncEnumerator<T> items = value.GetAsyncEnumerator();
        try
        {
            while (Wait(items.MoveNextAsync()))
            {
                JsonSerializer.Serialize(writer, items.Current, elementInfo);
            }
        }
        finally
        {
            ValueTask disposed = items.DisposeAsync();
            if (!disposed.IsCompletedSuccessfully)
            {
                disposed.AsTask().GetAwaiter().GetResult();
            }
        }

        writer.WriteEndArray();
    }

    public override TSequence Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        throw new NotSupportedException($"{typeToConvert} is written, never read: read an IAsyncEnumerable<{typeof(T).Name}> instead.");

    private static bool Wait(ValueTask<bool> next) => next.IsCompletedSuccessfully ? next.Result : next.AsTask().GetAwaiter().GetResult();
}
