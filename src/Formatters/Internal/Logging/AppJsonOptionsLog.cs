using Microsoft.Extensions.Logging;

namespace Jsonable.AspNetCore.Internal;

/// <summary>Log messages of the app JSON options check, with stable event ids (after <see cref="JsonableLog"/>'s).</summary>
internal static partial class AppJsonOptionsLog
{
    [LoggerMessage(EventId = 20, EventName = "JsonOptionApplied", Level = LogLevel.Information, Message = "Jsonable applies {Option} = {Value} from {Source} (JsonableOptions.{JsonableOption}).")]
    public static partial void Applied(ILogger logger, string option, string value, string source, string jsonableOption);

    [LoggerMessage(EventId = 21, EventName = "JsonOptionMismatch", Level = LogLevel.Warning, Message = "Jsonable answers differently from System.Text.Json: {Mismatch}")]
    public static partial void Mismatch(ILogger logger, string mismatch);

    [LoggerMessage(EventId = 22, EventName = "JsonOptionMismatchAfterStartup", Level = LogLevel.Error, Message = "An assembly loaded after startup answers differently from System.Text.Json: {Mismatch}")]
    public static partial void LateMismatch(ILogger logger, string mismatch);
}
