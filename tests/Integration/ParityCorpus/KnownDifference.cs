namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// A row of the table of differences: one cause, the requests it applies to (a predicate over the request, never a list
/// of them), the aspects of the answer it explains, and why.
/// </summary>
/// <param name="Id">A short name, also the row's name in docs/http.md's "Differences from System.Text.Json".</param>
/// <param name="Intended">True for a difference by design; false for a known bug, to be removed when fixed.</param>
/// <param name="Example">
/// One request it applies to, as <see cref="CorpusCase.ToString"/> begins: to send again by hand. The run checks
/// that it is in the corpus and differs as the row says.
/// </param>
/// <param name="Reason">Why the answers differ.</param>
/// <param name="Applies">Which requests it applies to.</param>
/// <param name="Explains">The aspects (<see cref="Aspect"/>) it explains on those requests.</param>
/// <param name="Delivered">
/// For an intended row that changes the answer on purpose (JMC1 when asked for): whether the Jsonable host did; a
/// request the row applies to where it did not is a difference (<see cref="Aspect.NotDelivered"/>) of its own.
/// </param>
public sealed record KnownDifference(
    string Id,
    bool Intended,
    string Example,
    string Reason,
    Func<CorpusCase, bool> Applies,
    string[] Explains,
    Func<CorpusAnswer, bool>? Delivered = null);
