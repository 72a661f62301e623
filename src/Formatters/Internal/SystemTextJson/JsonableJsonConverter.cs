using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Internal;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The System.Text.Json converter of one Jsonable type (see <see cref="JsonableTypeInfoResolver"/>). It writes the
/// generated JSON as one raw value when those bytes are what the app's options would write (compact, and nothing the
/// app's encoder escapes differently); otherwise it replays them token by token through the app's own
/// <see cref="Utf8JsonWriter"/>, which indents and escapes as System.Text.Json does. It reads by handing the whole
/// value's bytes to the generated reader.
/// </summary>
internal sealed class JsonableJsonConverter<T> : JsonConverter<T>
{
    private readonly JsonableTypeInfo<T> _info;
    private readonly JsonableTypeInfoResolver _resolver;
    private readonly bool _replay;
    private readonly JavaScriptEncoder _encoder;

    // The bytes at which the generated JSON may differ from what the app's encoder writes: every escape (a backslash)
    // unless the encoder escapes as the generated writer does (the relaxed one does; the default one writes \u0022),
    // each ASCII character the encoder escapes (the default one: <>&'+`; the relaxed one, ASP.NET Core's default:
    // none), and the first byte of any non-ASCII run, whose characters the encoder itself is asked about.
    private readonly SearchValues<byte> _mayDiffer;

    public JsonableJsonConverter(JsonableTypeInfo<T> info, JsonableTypeInfoResolver resolver, JsonSerializerOptions options)
    {
        _info = info;
        _resolver = resolver;
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
    }

    public override bool HandleNull => false;

    public override void Write(Utf8JsonWriter writer, T value, JsonSerializerOptions options)
    {
        if (_info.WriteAction is not { } write)
        {
            throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type that can be written: mark it [ToJson] (and partial)."));
        }

        using var buffer = new PooledByteBufferWriter();
        if (writer.CurrentDepth == 0 && JsonableResponseFormat.TryWriteJmc1(buffer, value, write, _info.IsObject, _resolver.WriterOptions))
        {
            // The response negotiated JMC1 (see JsonableResponseFormat): the document is not JSON, so it is not validated.
            writer.WriteRawValue(buffer.WrittenSpan, skipInputValidation: true);
            return;
        }

        JsonableSerializer.WriteDocument(buffer, value, JsonableFormat.Json, _resolver.WriterOptions, write, _info.IsObject);
        ReadOnlySpan<byte> json = buffer.WrittenSpan;
        if (!_replay && EncoderKeepsAsItIs(json))
        {
            writer.WriteRawValue(json, skipInputValidation: true);
        }
        else
        {
            JsonReplay.Write(json, writer);
        }
    }

    public override T? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (_info.ReadFunc is not { } read)
        {
            throw new NotSupportedException(MissingGeneratedCode.Explain(typeof(T), "is not a Jsonable type that can be read: mark it [FromJson] (and partial)."));
        }

        try
        {
            if (reader.TokenType is not (JsonTokenType.StartObject or JsonTokenType.StartArray) || reader.Position.GetObject() is not null)
            {
                // A scalar where a document belongs, or input in several segments: the raw bytes of the value, copied.
                using JsonDocument document = JsonDocument.ParseValue(ref reader);
                return JsonableSerializer.ReadDocument(JsonMarshal.GetRawUtf8Value(document.RootElement), JsonableFormat.Json, false, _resolver.ReaderOptions, read);
            }

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
            return JsonableSerializer.ReadDocument(value, JsonableFormat.Json, false, _resolver.ReaderOptions, read);
        }
        catch (JsonableException exception)
        {
            throw new JsonableBodyException(exception);
        }
    }

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

    /// <summary>Whether the app's encoder would write every string of <paramref name="json"/> as the generated writer did.</summary>
    private bool EncoderKeepsAsItIs(ReadOnlySpan<byte> json)
    {
        while (true)
        {
            int at = json.IndexOfAny(_mayDiffer);
            if (at < 0)
            {
                return true;
            }

            if (json[at] < 0x80)
            {
                return false;
            }

            // A run of non-ASCII text (no quote inside): the encoder says whether it keeps all of it.
            ReadOnlySpan<byte> rest = json.Slice(at);
            int end = rest.IndexOfAnyInRange((byte)0, (byte)0x7F);
            ReadOnlySpan<byte> run = end < 0 ? rest : rest.Slice(0, end);
            if (_encoder.FindFirstCharacterToEncodeUtf8(run) >= 0)
            {
                return false;
            }

            json = rest.Slice(run.Length);
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
