using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.Metadata;

/// <summary>
/// A root collection (or <see cref="IAsyncEnumerable{T}"/>) of a generated type: written element by element so the
/// caller can flush between elements.
/// </summary>
/// <typeparam name="TCollection">The collection type.</typeparam>
/// <typeparam name="TElement">The generated element type.</typeparam>
internal sealed class JsonableSequenceTypeInfo<TCollection, TElement> : JsonableTypeInfo<TCollection>
{
    private readonly JsonableWriteAction<TElement>? _writeElement;

    public JsonableSequenceTypeInfo(JsonableWriteAction<TCollection>? write, JsonableReadFunc<TCollection>? read, JsonableWriteAction<TElement>? writeElement)
        : base(write, read, isObject: false, elementType: typeof(TElement))
    {
        _writeElement = writeElement;
    }

    public override async ValueTask WriteDocumentAsync(
        IBufferWriter<byte> output,
        object? value,
        JsonableFormat format,
        JsonableWriterOptions? options,
        Func<CancellationToken, ValueTask> flushAsync,
        int flushThreshold,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(flushAsync);
        if (_writeElement is null || value is null)
        {
            await base.WriteDocumentAsync(output, value, format, options, flushAsync, flushThreshold, cancellationToken).ConfigureAwait(false);
            return;
        }

        bool jmc1 = format == JsonableFormat.Jmc1;
        int count = -1; // unknown for async sequences: JMC1 then omits the count comment, which readers accept
        if (value is IEnumerable<TElement> sequence)
        {
            count = RootSequence.Count(ref sequence);
            value = sequence;
        }

        long pending = WriteStart(output, jmc1, options, count);
        await WriteItemsAsync(output, value, jmc1, lines: false, options, flushAsync, flushThreshold, pending, cancellationToken).ConfigureAwait(false);
        var writer = new JsonableWriter(output, jmc1, options);
        writer.WriteRaw("]"u8);
        writer.Flush();
    }

    public override bool CanWriteItems => _writeElement is not null;

    public override ValueTask WriteJsonLinesAsync(
        IBufferWriter<byte> output,
        object? value,
        JsonableWriterOptions? options,
        Func<CancellationToken, ValueTask> flushAsync,
        int flushThreshold,
        CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(flushAsync);
        if (_writeElement is null)
        {
            return base.WriteJsonLinesAsync(output, value, options, flushAsync, flushThreshold, cancellationToken);
        }

        // A null sequence is an empty stream: JSON Lines has no way to say "null" for the whole.
        return value is null ? ValueTask.CompletedTask : WriteItemsAsync(output, value, jmc1: false, lines: true, options, flushAsync, flushThreshold, 0, cancellationToken);
    }

    /// <summary>
    /// Writes the elements, as array elements (a comma before all but the first) or as JSON Lines (each followed by
    /// <c>\n</c>). Flushes whenever <paramref name="flushThreshold"/> bytes are pending and before waiting for the next
    /// element of an async sequence: an element never waits in the buffer for the next one to exist, while elements that
    /// are ready at once leave together.
    /// </summary>
    private async ValueTask WriteItemsAsync(
        IBufferWriter<byte> output,
        object value,
        bool jmc1,
        bool lines,
        JsonableWriterOptions? options,
        Func<CancellationToken, ValueTask> flushAsync,
        int flushThreshold,
        long pending,
        CancellationToken cancellationToken)
    {
        int index = 0;
        if (value is IAsyncEnumerable<TElement> asyncSequence)
        {
            IAsyncEnumerator<TElement> items = asyncSequence.GetAsyncEnumerator(cancellationToken);
            await using (items.ConfigureAwait(false))
            {
                while (true)
                {
                    // Flush what is written before waiting for the source, so each element leaves as soon as it exists.
                    ValueTask<bool> moveNext = items.MoveNextAsync();
                    if (!moveNext.IsCompleted && pending > 0)
                    {
                        await flushAsync(cancellationToken).ConfigureAwait(false);
                        pending = 0;
                    }

                    if (!await moveNext.ConfigureAwait(false))
                    {
                        break;
                    }

                    pending += WriteElement(output, jmc1, lines, options, items.Current, index++);
                    if (pending >= flushThreshold)
                    {
                        await flushAsync(cancellationToken).ConfigureAwait(false);
                        pending = 0;
                    }
                }
            }
        }
        else
        {
            foreach (TElement item in (IEnumerable<TElement>)value)
            {
                cancellationToken.ThrowIfCancellationRequested();
                pending += WriteElement(output, jmc1, lines, options, item, index++);
                if (pending >= flushThreshold)
                {
                    await flushAsync(cancellationToken).ConfigureAwait(false);
                    pending = 0;
                }
            }
        }
    }

    private static long WriteStart(IBufferWriter<byte> output, bool jmc1, JsonableWriterOptions? options, int count)
    {
        var writer = new JsonableWriter(output, jmc1, options);
        writer.WriteDocumentHeader();
        writer.WriteArrayStart(count);
        writer.Flush();
        return writer.BytesWritten;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private long WriteElement(IBufferWriter<byte> output, bool jmc1, bool lines, JsonableWriterOptions? options, TElement item, int index)
    {
        // One writer per element (a ref struct cannot live across an await); an array element sits one level deep,
        // a line is a document of its own.
        var writer = new JsonableWriter(output, jmc1, options);
        if (lines)
        {
            _writeElement!(ref writer, item);
            writer.WriteRaw("\n"u8);
        }
        else
        {
            writer.StartAtDepth(1);
            if (index > 0)
            {
                writer.WriteComma();
            }

            _writeElement!(ref writer, item);
        }

        writer.Flush();
        return writer.BytesWritten;
    }
}

/// <summary>
/// Writes a root collection of a generated type as an array: the synchronous writer of the registry's collection infos,
/// and the count that <see cref="JsonableSequenceTypeInfo{TCollection, TElement}"/> writes before streaming the elements.
/// </summary>
internal static class RootSequence
{
    /// <summary>
    /// The element count JMC1 writes before the elements: taken without enumerating when the sequence knows it, else
    /// by materializing the sequence once into a list, which replaces <paramref name="values"/> so it is not enumerated twice.
    /// </summary>
    public static int Count<T>(ref IEnumerable<T> values)
    {
        if (!values.TryGetNonEnumeratedCount(out int count))
        {
            var materialized = new List<T>(values);
            values = materialized;
            count = materialized.Count;
        }

        return count;
    }

    /// <summary>Writes <paramref name="values"/> as an array with its count (or <c>null</c>), each element with <paramref name="write"/>.</summary>
    public static void Write<T>(ref JsonableWriter writer, IEnumerable<T>? values, JsonableWriteAction<T> write)
    {
        if (values is null)
        {
            writer.WriteNull();
            return;
        }

        writer.WriteArrayStart(Count(ref values));
        bool first = true;
        foreach (T item in values)
        {
            if (!first)
            {
                writer.WriteComma();
            }

            first = false;
            write(ref writer, item);
        }

        writer.WriteArrayEnd();
    }
}
