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

    // None today: a PATCH leak the corpus finds gets a row here (Intended: false), and its fix deletes the row.
    private static KnownDifference[] PatchKnownBugs() => [];
}
