using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Jsonable.AspNetCore.Http;
using Jsonable.AspNetCore.Internal;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Formatters;

/// <summary>
/// Binds an MVC action's <see cref="IAsyncEnumerable{T}"/> (or <see cref="JsonableStream{T}"/>) body parameter of a
/// <c>[FromJson]</c> type without reading the body: the action reads the items of a JSON array, a JMC1 array or JSON
/// Lines one at a time as it enumerates, as <see cref="JsonableStream{T}"/> does for minimal APIs (errors, limits and
/// aborts included).
/// </summary>
public sealed class JsonableStreamInputFormatter : InputFormatter
{
    private readonly JsonableOptions _options;

    /// <summary>Creates the formatter.</summary>
    /// <param name="options">The integration options.</param>
    public JsonableStreamInputFormatter(JsonableOptions options)
    {
        _options = options ?? throw new ArgumentNullException(nameof(options));
        foreach (string mediaType in RequestItemStream.MediaTypes)
        {
            SupportedMediaTypes.Add(mediaType);
        }
    }

    /// <inheritdoc />
    protected override bool CanReadType(Type type) => ItemTypeInfo(type) is not null;

    /// <inheritdoc />
    public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        JsonableTypeInfo info = ItemTypeInfo(context.ModelType)!;
        return InputFormatterResult.SuccessAsync(info.Accept(new StreamFactory(context.HttpContext)));
    }

    /// <summary>The readable item type of <c>IAsyncEnumerable&lt;T&gt;</c> or <c>JsonableStream&lt;T&gt;</c>, else null.</summary>
    private static JsonableTypeInfo? ItemTypeInfo(Type type)
    {
        if (!type.IsConstructedGenericType)
        {
            return null;
        }

        Type definition = type.GetGenericTypeDefinition();
        return (definition == typeof(IAsyncEnumerable<>) || definition == typeof(JsonableStream<>))
            && JsonableRegistry.TryGetTypeInfo(type.GenericTypeArguments[0], out JsonableTypeInfo? info) && info.CanRead
            ? info
            : null;
    }

    /// <summary>Makes the <see cref="JsonableStream{T}"/> for the T the registry found, without reflection.</summary>
    private sealed class StreamFactory(HttpContext context) : IJsonableTypeVisitor<object>
    {
        public object Visit<T>(JsonableTypeInfo<T> info) => JsonableStream<T>.Create(context);
    }
}
