using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// Streams read item by item: a root array (JSON or JMC1) or JSON Lines, each item handed over as soon as its last byte
/// has arrived, with memory bounded by the largest item rather than the stream (see docs/streams.md).
/// </summary>
public static partial class JsonableSerializer
{
    /// <summary>
    /// Reads the items of <paramref name="input"/> one at a time, as they arrive. Only the bytes of the item being read
    /// are held (one pooled copy when an item spans several of the pipe's segments). The reader is not completed: the
    /// caller owns it.
    /// </summary>
    /// <typeparam name="T">A generated type (or a registered collection of one): the type of each item.</typeparam>
    /// <param name="input">The stream, for example an ASP.NET Core request's <c>BodyReader</c>.</param>
    /// <param name="format">A root JSON array, a root JMC1 array, or JSON Lines.</param>
    /// <param name="options">Limits; <see langword="null"/> for <see cref="JsonableStreamReaderOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels waiting for data.</param>
    /// <returns>The items, in order; a <c>null</c> item is <see langword="null"/>. It can be enumerated once.</returns>
    /// <exception cref="JsonableException">
    /// Raised while enumerating: an item is malformed (the path names it: <c>$[1234].user.name</c>, or
    /// <c>line 1235: $.user.name</c> for JSON Lines), the bytes between items are wrong, a JMC1 count disagrees with
    /// the items, the stream ends inside an item, or a limit is passed (<see cref="JsonableException.IsSizeLimit"/>).
    /// Items before the error have been handed over already.
    /// </exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static IAsyncEnumerable<T?> DeserializeAsyncEnumerable<T>(PipeReader input, JsonableStreamFormat format, JsonableStreamReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(input);
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        return ItemStreamReader.ReadAsync(input, format, options ?? JsonableStreamReaderOptions.Default, info.Read, completeInput: false, cancellationToken);
    }

    /// <summary>
    /// Reads the items of <paramref name="input"/> one at a time, as they arrive, holding only the item being read. The
    /// stream is not closed.
    /// </summary>
    /// <typeparam name="T">A generated type (or a registered collection of one): the type of each item.</typeparam>
    /// <param name="input">The stream.</param>
    /// <param name="format">A root JSON array, a root JMC1 array, or JSON Lines.</param>
    /// <param name="options">Limits; <see langword="null"/> for <see cref="JsonableStreamReaderOptions.Default"/>.</param>
    /// <param name="cancellationToken">Cancels reading from <paramref name="input"/>.</param>
    /// <returns>The items, in order; a <c>null</c> item is <see langword="null"/>. It can be enumerated once.</returns>
    /// <exception cref="JsonableException">Raised while enumerating, as for the <see cref="PipeReader"/> overload.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not registered.</exception>
    public static IAsyncEnumerable<T?> DeserializeAsyncEnumerable<T>(Stream input, JsonableStreamFormat format, JsonableStreamReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(input);
        JsonableTypeInfo<T> info = JsonableRegistry.GetTypeInfo<T>() ?? throw NotRegistered(typeof(T));
        PipeReader reader = PipeReader.Create(input, new StreamPipeReaderOptions(minimumReadSize: StreamReadBlock, leaveOpen: true));
        return ItemStreamReader.ReadAsync(reader, format, options ?? JsonableStreamReaderOptions.Default, info.Read, completeInput: true, cancellationToken);
    }
}
