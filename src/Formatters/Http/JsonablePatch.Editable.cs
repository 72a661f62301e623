using System.Collections.Generic;
using System.Linq;
using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore.Http;

/// <summary>The members the type itself says a patch may not change (<c>[Editable(false)]</c>, <c>[Key]</c>).</summary>
public sealed partial class JsonablePatch<T>
{
    /// <summary>
    /// Refuses, when the patch is bound and before the handler runs, a patch that names a member the type marks as not
    /// editable (<see cref="JsonableMember.IsEditable"/>): 400 with one error per member keyed by its JSON path, as
    /// <see cref="RejectChangesTo"/> answers for the members a handler names.
    /// </summary>
    private static void RejectNotEditable(JsonableMemberSet members)
    {
        Dictionary<string, string[]>? errors = null;
        foreach (JsonableMember member in members)
        {
            if (!member.IsEditable)
            {
                errors ??= [];
                errors[member.Path] = [$"'{member.JsonName}' cannot be changed by a PATCH: it identifies the resource or is read-only. Leave it out of the patch."];
            }
        }

        if (errors is not null)
        {
            string message = errors.Count == 1 ? errors.First().Value[0] : $"The patch changes members it may not change: {string.Join(", ", errors.Keys)}.";
            throw new JsonableRequestException(message, StatusCodes.Status400BadRequest, errors);
        }
    }
}
