using System;
using System.Collections.Generic;
using Jsonable.Internal;

namespace Jsonable;

/// <summary>
/// Windows: a reader over one piece of a larger document that arrives piece by piece (IncrementalDocumentReader, net10.0 only),
/// carrying from piece to piece what a reader over the whole document would hold (depth, container count, the bytes
/// open count claims reserve), so that every check and every error is the one the whole document would give. Offsets
/// stay relative to the window (the driver adds its start); paths are located from the window's context.
/// </summary>
public ref partial struct JsonableReader
{
    /// <summary>A reader over <paramref name="window"/>, resuming from <paramref name="state"/>.</summary>
    internal JsonableReader(ReadOnlySpan<byte> window, JsonableFormat format, JsonableReaderOptions options, in ReaderState state, ReaderWindow context)
    {
        _buffer = window;
        _pos = 0;
        _depth = state.Depth;
        _reserved = state.Reserved;
        _maxDepth = JsonableLimits.EffectiveMaxDepth(options.MaxDepth);
        _containers = state.Containers;
        _containerBudget = context.ContainerBudget;
        _unknownMembers = options.UnknownMemberHandling;
        PropertyNameCaseInsensitive = options.PropertyNameCaseInsensitive;
        Format = format;
        ReuseInstance = false;
        _window = context;
        _chars = context.Chars;
        if (context.Base == 0 && format == JsonableFormat.Json && window.StartsWith("\uFEFF"u8))
        {
            _pos = 3; // RFC 8259 §8.1: a parser may ignore a BOM
        }
    }

    /// <summary>What the next window resumes from.</summary>
    internal readonly ReaderState State => new(_depth, _containers, _reserved);

    /// <summary>The whole document's length, as far as it is known (a window's own length plus what follows it).</summary>
    private readonly long DocumentLength => _window is { } window ? window.Base + _buffer.Length + window.Tail : _buffer.Length;

    /// <summary>The JSON path at <paramref name="pos"/>: from the document's start, or from the window's context.</summary>
    private readonly string LocatePath(int pos, bool containerOnly = false) =>
        _window is { } window
            ? JsonPathLocator.Locate(_buffer, pos, IsJmc, containerOnly, window.Frames, atDocumentStart: window.Base == 0, atDocumentEnd: window.Tail == 0, afterString: window.AfterString, afterClose: window.AfterClose)
            : JsonPathLocator.Locate(_buffer, pos, IsJmc, containerOnly);
}

/// <summary>The part of a reader's state that carries over from one window to the next.</summary>
internal readonly record struct ReaderState(int Depth, long Containers, long Reserved);

/// <summary>Where a window lies in its document, and the path context at its first byte.</summary>
internal sealed class ReaderWindow
{
    /// <summary>The window's first byte's offset in the document.</summary>
    public long Base { get; set; }

    /// <summary>The bytes of the document after the window (an upper bound when the length is unknown; 0 for the last window).</summary>
    public long Tail { get; set; }

    /// <summary>The containers the whole document may hold.</summary>
    public long ContainerBudget { get; set; }

    /// <summary>Whether the bytes before the window end with a complete string (which, at the document's end, is the object's fault).</summary>
    public bool AfterString { get; set; }

    /// <summary>Whether the bytes before the window end with a '}' or ']' (which, at the document's end, puts the error past that value).</summary>
    public bool AfterClose { get; set; }

    /// <summary>The readers' transcoding buffer, kept from window to window (else each piece's reader would allocate its own).</summary>
    public char[]? Chars { get; set; }

    /// <summary>The JSON path locator's frames at the window's first byte.</summary>
    public List<JsonPathLocator.Frame> Frames { get; } = [];
}
