using System.Collections.Generic;
using Microsoft.Extensions.Options;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// The app's JSON options ask for something Jsonable cannot do: the host does not start. The message lists every
/// setting and its fix; a stack trace (dozens of lines of the host's and DI's frames) would only bury it, so none is
/// printed.
/// </summary>
internal sealed class JsonOptionsMismatchException(string? optionsName, IEnumerable<string> failureMessages)
    : OptionsValidationException(optionsName ?? Options.DefaultName, typeof(JsonableOptions), failureMessages)
{
    public override string? StackTrace => null;
}
