using System;
using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Jsonable.SystemTextJson;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The app's two HTTP <c>JsonOptions</c> (MVC's and minimal APIs') served by the runtime's
/// <see cref="JsonableJsonTypeInfoResolver"/>, one per stack with that stack's reader and writer options
/// (<see cref="JsonableStackOptions"/>), so that every path that serializes through them (<c>TypedResults.Ok</c>,
/// <c>Results.Ok</c>, a handler returning <c>T</c>, a plain <c>T</c> body parameter, <c>ReadFromJsonAsync</c>) runs the
/// generated code. What HTTP adds: a response's root value answers in the format the request negotiated
/// (<see cref="HttpJsonableJsonConverter{T}"/>), and async sequences of generated types are handed to
/// <c>UseJsonable()</c>'s middleware (<see cref="JsonableAsyncSequenceConverter"/>).
/// </summary>
internal sealed class JsonableTypeInfoResolver : IJsonTypeInfoResolver
{
    // Looked up when first needed, not injected: JsonableOptions are made from the app's JsonOptions, which hold this.
    private readonly IServiceProvider _services;
    private StackResolver? _httpResolver;
    private StackResolver? _mvcResolver;

    // The app's two JsonOptions instances this resolver was put into. A copy of them (Microsoft.AspNetCore.OpenApi
    // copies them to describe types) is not served: it describes members, which a converter-backed contract hides.
    private volatile JsonSerializerOptions? _httpOptions;
    private volatile JsonSerializerOptions? _mvcOptions;

    // Set when UseJsonable()'s middleware is built: it writes the async sequences this resolver's converters hand over.
    private volatile bool _serveAsyncSequences;

    public JsonableTypeInfoResolver(IServiceProvider services) => _services = services;

    /// <summary>Serves <paramref name="options"/> (one of the app's JsonOptions) from now on.</summary>
    internal void Serve(JsonSerializerOptions options, bool mvc)
    {
        if (mvc)
        {
            _mvcOptions = options;
        }
        else
        {
            _httpOptions = options;
        }
    }

    /// <summary>Claims the async sequences of Jsonable types from now on (<see cref="JsonableAsyncSequenceConverter{TSequence, T}"/>).</summary>
    internal void ServeAsyncSequences() => _serveAsyncSequences = true;

    public JsonTypeInfo? GetTypeInfo(Type type, JsonSerializerOptions options)
    {
        StackResolver? stack = ReferenceEquals(options, _mvcOptions) ? _mvcResolver ??= new StackResolver(Stacks.Mvc, _services)
            : ReferenceEquals(options, _httpOptions) ? _httpResolver ??= new StackResolver(Stacks.Minimal, _services)
            : null;
        if (stack is null)
        {
            return null;
        }

        // The IAsyncEnumerable<T> interface is left to System.Text.Json, which awaits it element by element and asks this
        // resolver for the element type. The type of an actual sequence (an iterator), which is what ASP.NET Core asks for
        // when it writes one, is claimed so that its response can be negotiated as JsonableResults' is.
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
        {
            return null;
        }

        return stack.GetTypeInfo(type, options)
            ?? (_serveAsyncSequences ? JsonableAsyncSequenceConverter.TryCreateTypeInfo(type, options) : null);
    }

    /// <summary>The log category of what the app's JSON options are served with.</summary>
    internal const string LogCategory = "Jsonable.AspNetCore.JsonOptions";

    private JsonableStacks Stacks => _services.GetRequiredService<IOptions<JsonableOptions>>().Value.Stacks;

    /// <summary>
    /// One stack's resolver: its reader and writer options, converters that negotiate a response's root value, and a
    /// warning for a type marked for the generated code that has none (the app's JSON options then serve it with
    /// System.Text.Json's own contract, as they would without Jsonable).
    /// </summary>
    private sealed class StackResolver(JsonableStackOptions stack, IServiceProvider services) : JsonableJsonTypeInfoResolver(stack.Reader, stack.Writer)
    {
        protected override JsonConverter<T> CreateConverter<T>(JsonableTypeInfo<T> info, JsonSerializerOptions options, JsonableReaderOptions readerOptions, JsonableWriterOptions writerOptions) =>
            new HttpJsonableJsonConverter<T>(info, options, readerOptions, writerOptions);

        protected override void OnMarkedTypeWithoutGeneratedCode(Type type, string reason)
        {
            ILogger logger = services.GetService<ILoggerFactory>()?.CreateLogger(LogCategory) ?? NullLogger.Instance;
            JsonableLog.MarkedTypeWithoutGeneratedCode(logger, type.ToString(), reason);
        }
    }
}
