namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The rows for PATCH, where the app without Jsonable runs the hand-written merge of <see cref="StjMergePatch"/>: what
/// a <c>JsonablePatch&lt;T&gt;</c> does that the hand-written one does not. Constants only: this file's statics are not
/// ordered against <see cref="Rows"/>.
/// </summary>
internal static partial class DifferenceTable
{
    private static KnownDifference[] PatchRows() =>
    [
        new(
            "patch-json-and-jmc1",
            Intended: true,
            Example: "PATCH /mvc/orders/1103 | Accept: application/json | Content-Type: application/json",
            "A PATCH body labelled application/json or application/jsonc+jmc1 is read as a merge patch (the hand-written merge takes application/merge-patch+json only and answers 415).",
            c => c.Route == CorpusRoute.Patch && ContentTypeIs(c, CorpusCases.Json, Jmc1),
            [Aspect.Status, Aspect.MediaType, Aspect.Stored],
            Delivered: a => a.Status != 415),
        new(
            "patch-problem-wording",
            Intended: true,
            Example: "PATCH /mvc/orders/1078 | Accept: application/json | Content-Type: application/merge-patch+json | body: non-nullable value nulled",
            "PATCH problems are worded by Jsonable (a 400 gives the reason and the byte offset, a 415 lists the three PATCH media types, a 412 names both tags); status, type, title and the keys of errors are the same.",
            c => c.Route == CorpusRoute.Patch,
            [Aspect.ProblemText]),
    ];

    private static KnownDifference[] PatchKnownBugs() =>
    [
        new(
            "patch-null-in-a-replaced-list",
            Intended: false,
            Example: "PATCH /mvc/orders/1755 | Accept: application/json | Content-Type: application/merge-patch+json | lines[0].sku = null",
            "null for a non-nullable member of a list item the patch replaces is not refused when the patch is read, as it is for the order's and its nested objects' own members; [Required] catches it in validation (key Lines[0].Sku, STJ with RespectNullableAnnotations: $.lines[0].sku), and without [Required] it would be stored. List items are read by the plain reader, which has no nullable check.",
            c => c.Route == CorpusRoute.Patch && c.Member == "lines[0].sku" && c.Literal == "null",
            [Aspect.ProblemShape]),
    ];
}
