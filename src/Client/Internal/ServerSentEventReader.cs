using System;
using System.IO;
using System.Text;
using System.Threading.Tasks;

namespace Jsonable.Http.Internal;

/// <summary>
/// Reads a <c>text/event-stream</c> event by event (the WHATWG parsing rules that a feed follower needs: <c>event</c>,
/// <c>data</c> lines joined with <c>\n</c>, <c>id</c>, comments and unknown fields ignored, any line ending). Here rather
/// than System.Net.ServerSentEvents because that package is not in every netstandard2.0 host (Unity).
/// </summary>
internal sealed class ServerSentEventReader(Stream stream)
{
    private readonly StreamReader _reader = new(stream, new UTF8Encoding(false), detectEncodingFromByteOrderMarks: false);
    private readonly StringBuilder _data = new();

    /// <summary>The event's type (<c>message</c> when it names none).</summary>
    public string EventType { get; private set; } = "message";

    /// <summary>The last event id the stream set (it carries over to later events, as the standard says).</summary>
    public string? Id { get; private set; }

    /// <summary>The event's data, UTF-8.</summary>
    public byte[] Data { get; private set; } = [];

    /// <summary>Reads the next event with data; false at the end of the stream.</summary>
    public async Task<bool> ReadAsync()
    {
        string? eventType = null;
        _data.Clear();
        bool hasData = false;
        while (await _reader.ReadLineAsync().ConfigureAwait(false) is { } line)
        {
            if (line.Length == 0)
            {
                if (!hasData)
                {
                    eventType = null;
                    continue; // an event without data is not dispatched
                }

                EventType = eventType ?? "message";
                Data = Encoding.UTF8.GetBytes(_data.ToString());
                return true;
            }

            if (line[0] == ':')
            {
                continue;
            }

            int colon = line.IndexOf(':');
            string field = colon < 0 ? line : line.Substring(0, colon);
            string value = colon < 0 ? string.Empty : line.Substring(colon + 1 < line.Length && line[colon + 1] == ' ' ? colon + 2 : colon + 1);
            switch (field)
            {
                case "event":
                    eventType = value;
                    break;
                case "data":
                    if (hasData)
                    {
                        _data.Append('\n');
                    }

                    _data.Append(value);
                    hasData = true;
                    break;
                case "id" when value.IndexOf('\0') < 0:
                    Id = value;
                    break;
            }
        }

        return false; // an event cut off by the end of the stream is dropped, as the standard says
    }
}
