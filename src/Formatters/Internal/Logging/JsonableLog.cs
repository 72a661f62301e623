using System;
using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Internal;

/// <summary>Log messages of the integration, with stable event ids.</summary>
internal static partial class JsonableLog
{
    [LoggerMessage(EventId = 1, EventName = "RequestBodyInvalid", Level = LogLevel.Debug, Message = "The {Format} request body could not be read at {Path} (byte {BytePosition}).")]
    public static partial void RequestBodyInvalid(ILogger logger, JsonableFormat format, string? path, long bytePosition, Exception exception);

    [LoggerMessage(EventId = 2, EventName = "ResponseWritten", Level = LogLevel.Trace, Message = "Wrote {Type} as {Format}.")]
    public static partial void ResponseWritten(ILogger logger, string type, JsonableFormat format);

    [LoggerMessage(EventId = 3, EventName = "NotAcceptable", Level = LogLevel.Debug, Message = "No format satisfies the request's Accept header '{Accept}'.")]
    public static partial void NotAcceptable(ILogger logger, string accept);

    [LoggerMessage(EventId = 4, EventName = "BadRequestMapped", Level = LogLevel.Debug, Message = "Answered a bad request with {StatusCode}: {Reason}")]
    public static partial void BadRequestMapped(ILogger logger, int statusCode, string reason);

    [LoggerMessage(EventId = 5, EventName = "LeftToSystemTextJson", Level = LogLevel.Warning, Message = "{Type} is written by System.Text.Json (JSON only; JMC1 cannot be produced for it): {Reason}")]
    public static partial void LeftToSystemTextJson(ILogger logger, string type, string reason);

    [LoggerMessage(EventId = 7, EventName = "MarkedTypeWithoutGeneratedCode", Level = LogLevel.Warning, Message = "{Type} is read and written by System.Text.Json's own contract, not by generated code (JSON only): {Reason}")]
    public static partial void MarkedTypeWithoutGeneratedCode(ILogger logger, string type, string reason);

    [LoggerMessage(EventId = 6, EventName = "RequestStreamAborted", Level = LogLevel.Warning, Message = "The request stream failed at {Path} after the response had started; the connection is aborted: {Reason}")]
    public static partial void RequestStreamAborted(ILogger logger, string? path, string reason, Exception exception);
}
