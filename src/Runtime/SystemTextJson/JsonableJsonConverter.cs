using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable.SystemTextJson;

/// <summary>
/// The System.Text.Json converter of one generated type (see <see cref="JsonableJsonTypeInfoResolver"/>). It writes the
/// generated JSON as one raw value when those bytes are what the options would write (compact, and nothing their
/// encoder escapes differently); otherwise it replays them token by token through the serializer's own
/// <see cref="Utf8JsonWriter"/>, which indents and escapes as System.Text.Json does. It reads by handing the whole
/// value's bytes to the generated reader; what the generated reader refuses is a <see cref="JsonException"/> whose
/// <see cref="Exception.InnerException"/> is the <see cref="JsonableException"/> and, for a root value, whose
/// <see cref="JsonException.Path"/> is the generated reader's.
/// </summary>
/// <typeparam name="T">The generated type.</typeparam>
public class JsonableJsonConverter<T> : JsonConverter<T>
{
    private readonly JsonableTypeInfo<T> _info;
    private readonly JsonableReaderOptions _readerOptions;
    private readonly JsonableWriterOptions _writerOptions;
    private readonly bool _replay;
    private readonly JavaScriptEncoder _encoder;

    // The bytes at which the generated JSON may differ from what the app's encoder writes: every escape (a backslash)
    // unless the encoder escapes as the generated writer does (the relaxed one does; the default one writes \u0022),
    // each ASCII character the encoder escapes (the default one: <>&'+`; the relaxed one, ASP.NET Core's default:
    // none), and the first byte of any non-ASCII run, whose characters the encoder itself is asked about.
    private readonly SearchValues<byte> _mayDiffer;

    // Whether non-ASCII text the encoder escapes can be escaped in place by the encoder (checked once against a
    // Utf8JsonWriter with the app's encoder), instead of replaying the whole value.
    private readonly bool _nonAsciiAsEncoder;

    /// <summary>A converter of <typeparamref name="T"/> for <paramref name="options"/>, reading and writing with the given Jsonable options.</summary>
    /// <param name="info">The generated code's reader and writer of <typeparamref name="T"/>.</param>
    /// <param name="options">The serializer options the converter serves: their <c>WriteIndented</c> and <c>Encoder</c> decide the bytes.</param>
    /// <param name="readerOptions">The limits and leniencies of the generated reader.</param>
    /// <param name="writerOptions">The limits of the generated writer.</param>
    public JsonableJsonConverter(JsonableTypeInfo<T> info, JsonSerializerOptions options, JsonableReaderOptions readerOptions, JsonableWriterOptions writerOptions)
    {
        if (info is null || options is null || readerOptions is null || writerOptions is null)
        {
            throw new ArgumentNullException(info is null ? nameof(info) : options is null ? nameof(options) : readerOptions is null ? nameof(readerOptions) : nameof(writerOptions));
        }

        _info = info;
        _readerOptions = readerOptions;
        _writerOptions = writerOptions;
        _replay = options.WriteIndented;
        _encoder = options.Encoder ?? JavaScriptEncoder.Default; // what Utf8JsonWriter uses when none is set
        var mayDiffer = new List<byte>();
        if (!EscapesAlike(_encoder))
        {
            mayDiffer.Add((byte)'\\');
        }

        Span<byte> one = stackalloc byte[1];
        for (int b = 0; b < 0x100; b++)
        {
            one[0] = (byte)b;
            // Quotation marks and reverse solidi in the generated JSON are structure or escapes, decided above.
            if (b >= 0x80 || (b is not ('"' or '\\') && _encoder.FindFirstCharacterToEncodeUtf8(one) == 0))
            {
                mayDiffer.Add((byte)b);
            }
        }

        _mayDiffer = SearchValues.Create(mayDiffer.ToArray());
        _nonAsciiAsEncoder = WritesNonAsciiAsWriter(_encoder, options.Encoder);
    }

    /// <summary>The generated code's reader and writer of <typeparamref name="T"/>.</summary>
    public JsonableTypeInfo<T> TypeInfo => _info;

    /// <summary>The limits and leniencies the generated reader reads with.</summary>
    public JsonableReaderOptions ReaderOptions => _readerOptions;

    /// <summary>The limits the generated writer writes with.</summary>
    public JsonableWriterOptions WriterOptions => _writerOptions;

    /// <inheritdoc />
    public override bool HandleNull => false;

    /// <inheritdoc />
    public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options)
    {
        if (_info.WriteAction is not { } write)
        {
            throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type that can be written: mark it [ToJson] (and partial)."));
        }

        using var buffer = new PooledByteBufferWriter();
        JsonableMetadataServices.WriteDocument(buffer, value, JsonableFormat.Json, _writerOptions, write, _info.IsObject);
        ReadOnlySpan<byte> json = buffer.WrittenSpan;
        int firstRun = -1;
        EncoderDifference difference = _replay ? EncoderDifference.Structural : FindEncoderDifference(json, out firstRun);
        if (difference == EncoderDifference.None)
        {
            writer.WriteRawValue(json, skipInputValidation: true);
            return;
        }

        if (difference == EncoderDifference.NonAsciiOnly && _nonAsciiAsEncoder)
        {
            // Non-ASCII characters the encoder escapes (an emoji under ASP.NET Core's relaxed default): escaping those
            // runs in place costs a scan, where a replay re-parses and re-writes the whole value.
            using var escaped = new PooledByteBufferWriter(json.Length + 256);
            if (TryEscapeNonAsciiRuns(json, firstRun, escaped))
            {
                writer.WriteRawValue(escaped.WrittenSpan, skipInputValidation: true);
                return;
            }
        }

        JsonReplay.Write(json, writer);
    }

    /// <inheritdoc />
    public override T? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (_info.ReadFunc is not { } read)
        {
            throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type that can be read: mark it [FromJson] (and partial)."));
        }

        bool root = reader.CurrentDepth == 0;
        try
        {
            bool container = reader.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray;
            if (container && reader.Position.GetObject() is ReadOnlySequenceSegment<byte> segment)
            {
                return ReadSegmented(ref reader, segment, read);
            }

            // netstandard2.0 has no span over a reference (MemoryMarshal.CreateReadOnlySpan): every value is copied there.
#if NET
            if (!container || reader.Position.GetObject() is not null)
#endif
            {
                // A scalar where a document belongs, or input of another kind: the raw bytes of the value, copied.
                using JsonDocument document = JsonDocument.ParseValue(ref reader);
                return JsonableMetadataServices.ReadDocument(JsonMarshal.GetRawUtf8Value(document.RootElement), JsonableFormat.Json, false, _readerOptions, read);
            }

#if NET
            // Input in one span (a ReadOnlySpan-based reader, whose Position is the default): System.Text.Json has
            // buffered the whole value before calling a converter, so the value's bytes run from its first token to
            // where skipping it stops, in the span the first token's ValueSpan points into.
            ref byte start = ref MemoryMarshal.GetReference(reader.ValueSpan);
            long startIndex = reader.TokenStartIndex;
            if (!reader.TrySkip())
            {
                throw new JsonException("The JSON value is incomplete.");
            }

            ReadOnlySpan<byte> value = MemoryMarshal.CreateReadOnlySpan(ref start, checked((int)(reader.BytesConsumed - startIndex)));
            return JsonableMetadataServices.ReadDocument(value, JsonableFormat.Json, false, _readerOptions, read);
#endif
        }
        catch (JsonableException exception)
        {
            throw AsJsonException(exception, root);
        }
    }

    /// <summary>
    /// Reads an object or array whose bytes lie in a chain of buffer segments (a request body that System.Text.Json reads
    /// from the request's <c>PipeReader</c>, in the pipe's 4 KB blocks), which System.Text.Json has buffered whole before
    /// calling a converter. The value runs from the opening token (the byte before the reader's position) to where
    /// skipping it stops: in one segment it is read where it lies; otherwise its segments are copied once into a pooled
    /// array, which costs a skip and a copy where parsing it into a <see cref="JsonDocument"/> built a whole document.
    /// </summary>
    private T? ReadSegmented(ref Utf8JsonReader reader, ReadOnlySequenceSegment<byte> startSegment, JsonableReadFunc<T> read)
    {
        byte opening = reader.TokenType == JsonTokenType.StartObject ? (byte)'{' : (byte)'[';
        int startIndex = reader.Position.GetInteger();
        long startConsumed = reader.BytesConsumed;
        if (!reader.TrySkip())
        {
            throw new JsonException("The JSON value is incomplete.");
        }

        SequencePosition end = reader.Position;
        var endSegment = (ReadOnlySequenceSegment<byte>)end.GetObject()!;
        int length = checked((int)(reader.BytesConsumed - startConsumed)) + 1; // with the opening token
        if (ReferenceEquals(startSegment, endSegment) && startIndex > 0)
        {
            ReadOnlySpan<byte> value = startSegment.Memory.Span.Slice(startIndex - 1, length);
            return JsonableMetadataServices.ReadDocument(value, JsonableFormat.Json, false, _readerOptions, read);
        }

        var rest = new ReadOnlySequence<byte>(startSegment, startIndex, endSegment, end.GetInteger());
        if (rest.Length != length - 1)
        {
            throw new InvalidOperationException("The reader's positions do not delimit the value it skipped."); // a System.Text.Json change this code does not know
        }

        byte[] rented = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            rented[0] = opening;
            rest.CopyTo(rented.AsSpan(1));
            return JsonableMetadataServices.ReadDocument(rented.AsSpan(0, length), JsonableFormat.Json, false, _readerOptions, read);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>
    /// The generated reader's refusal as System.Text.Json reports one. A root value's path is the generated reader's
    /// (System.Text.Json keeps a path that is set); a nested value's path is left for System.Text.Json to set to where
    /// the value lies, and the message keeps the path inside it.
    /// </summary>
    private static JsonException AsJsonException(JsonableException exception, bool root) =>
        new(exception.Message, root ? exception.Path ?? "$" : null, lineNumber: null, bytePositionInLine: root && exception.BytePosition >= 0 ? exception.BytePosition : null, exception);

    /// <summary>
    /// Whether <paramref name="encoder"/> escapes each character the generated writer escapes (controls, quotation mark,
    /// reverse solidus) as it does: then an escape in the generated JSON is what System.Text.Json would write.
    /// </summary>
    private static bool EscapesAlike(JavaScriptEncoder encoder)
    {
        Span<byte> escape = stackalloc byte[JsonEscaping.MaxExpansion];
        foreach (char c in JsonEscaping.CharsToEscape)
        {
            int length = JsonEscaping.WriteEscape(c, escape);
            if (encoder.Encode(c.ToString()) != System.Text.Encoding.ASCII.GetString(escape.Slice(0, length)))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Where the app's encoder would first write the strings of <paramref name="json"/> otherwise than the generated
    /// writer did: nowhere, in a run of non-ASCII text (starting at <paramref name="firstRun"/>; what follows is not
    /// looked at), or at an ASCII byte (an escape or a character it escapes).
    /// </summary>
    private EncoderDifference FindEncoderDifference(ReadOnlySpan<byte> json, out int firstRun)
    {
        int offset = 0;
        while (true)
        {
            int at = json.Slice(offset).IndexOfAny(_mayDiffer);
            if (at < 0)
            {
                firstRun = -1;
                return EncoderDifference.None;
            }

            offset += at;
            if (json[offset] < 0x80)
            {
                firstRun = -1;
                return EncoderDifference.Structural;
            }

            // A run of non-ASCII text (no quote inside): the encoder says whether it keeps all of it.
            ReadOnlySpan<byte> run = NonAsciiRun(json.Slice(offset));
            if (_encoder.FindFirstCharacterToEncodeUtf8(run) >= 0)
            {
                firstRun = offset;
                return EncoderDifference.NonAsciiOnly;
            }

            offset += run.Length;
        }
    }

    /// <summary>
    /// Copies <paramref name="json"/> into <paramref name="output"/> with each run of non-ASCII text the encoder escapes
    /// written by the encoder itself from its first character to escape onwards, which is what
    /// <see cref="Utf8JsonWriter"/> does with a string (the encoder escapes character by character). False, with
    /// nothing useful written, at an ASCII byte the encoder would write otherwise: the caller replays then.
    /// </summary>
    private bool TryEscapeNonAsciiRuns(ReadOnlySpan<byte> json, int firstRun, PooledByteBufferWriter output)
    {
        Copy(json.Slice(0, firstRun), output);
        json = json.Slice(firstRun);
        while (true)
        {
            int at = json.IndexOfAny(_mayDiffer);
            if (at < 0)
            {
                Copy(json, output);
                return true;
            }

            if (json[at] < 0x80)
            {
                return false;
            }

            Copy(json.Slice(0, at), output);
            ReadOnlySpan<byte> run = NonAsciiRun(json.Slice(at));
            json = json.Slice(at + run.Length);
            int escapeAt = _encoder.FindFirstCharacterToEncodeUtf8(run);
            if (escapeAt < 0)
            {
                Copy(run, output);
                continue;
            }

            Copy(run.Slice(0, escapeAt), output);
            run = run.Slice(escapeAt);
            while (!run.IsEmpty)
            {
                // At most 12 bytes (two \uXXXX) per 4-byte character: three times the input is always enough.
                Span<byte> destination = output.GetSpan(run.Length * 3);
                OperationStatus status = _encoder.EncodeUtf8(run, destination, out int consumed, out int written, isFinalBlock: true);
                output.Advance(written);
                run = run.Slice(consumed);
                if (status is not (OperationStatus.Done or OperationStatus.DestinationTooSmall))
                {
                    throw new InvalidOperationException($"The app's JSON encoder refused the generated UTF-8 ({status}).");
                }
            }
        }
    }

    private static void Copy(ReadOnlySpan<byte> bytes, PooledByteBufferWriter output)
    {
        bytes.CopyTo(output.GetSpan(bytes.Length));
        output.Advance(bytes.Length);
    }

    private static ReadOnlySpan<byte> NonAsciiRun(ReadOnlySpan<byte> text)
    {
#if NET
        int end = text.IndexOfAnyInRange((byte)0, (byte)0x7F);
#else
        int end = -1;
        for (int i = 0; i < text.Length; i++)
        {
            if (text[i] < 0x80)
            {
                end = i;
                break;
            }
        }
#endif
        return end < 0 ? text : text.Slice(0, end);
    }

    /// <summary>
    /// Whether <paramref name="encoder"/> writes non-ASCII text as <see cref="Utf8JsonWriter"/> does with the app's
    /// options: it does when the writer hands strings to it, which it does whenever an encoder is set.
    /// </summary>
    private static bool WritesNonAsciiAsWriter(JavaScriptEncoder encoder, JavaScriptEncoder? configured)
    {
        const string probe = "\u00E9\u65E5\uFEFF\u0378\U0001F600\u2028";
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer, new JsonWriterOptions { Encoder = configured }))
        {
            writer.WriteStringValue(probe);
        }

        byte[] text = System.Text.Encoding.UTF8.GetBytes(probe);
        var escaped = new ArrayBufferWriter<byte>();
        escaped.Write("\""u8);
        Span<byte> destination = escaped.GetSpan(text.Length * 3);
        if (encoder.EncodeUtf8(text, destination, out _, out int written, isFinalBlock: true) != OperationStatus.Done)
        {
            return false;
        }

        escaped.Advance(written);
        escaped.Write("\""u8);
        return buffer.WrittenSpan.SequenceEqual(escaped.WrittenSpan);
    }

    private enum EncoderDifference
    {
        None,
        NonAsciiOnly,
        Structural,
    }
}
