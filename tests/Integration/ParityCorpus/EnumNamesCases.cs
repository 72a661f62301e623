using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>One request of the enum-names corpus.</summary>
/// <param name="Mvc">The MVC controller rather than the minimal-API group.</param>
/// <param name="Method">GET or POST.</param>
/// <param name="Path">The path.</param>
/// <param name="Accept">The Accept header, or null.</param>
/// <param name="ContentType">The body's Content-Type, or null.</param>
/// <param name="Body">The body, or null.</param>
/// <param name="Member">For a body, the JSON path of the member whose value is under test.</param>
/// <param name="Literal">For a body, the JSON text put at <paramref name="Member"/>.</param>
public sealed record EnumNamesCase(bool Mvc, string Method, string Path, string? Accept, string? ContentType, byte[]? Body, string? Member = null, string? Literal = null)
{
    public bool HasBody => Body is not null;

    public bool AsksForJmc1 => Accept == CorpusCases.Jmc1;

    public override string ToString() =>
        $"{Method} {Path} | Accept: {Accept ?? "(none)"}" + (Body is null ? "" : $" | Content-Type: {ContentType} | {Member} = {Literal} | bytes: {Encoding.UTF8.GetString(Body)}");
}

/// <summary>
/// The requests of the enum-names corpus: the seeded tickets as JSON and JMC1, and one body per literal of each enum
/// member — names in every casing and under every naming policy, integers as numbers and strings, flags combinations,
/// values without a name, names with a <c>[JsonStringEnumMemberName]</c>, and values no enum reads.
/// </summary>
internal static class EnumNamesCases
{
    private const string Json = "application/json";

    /// <summary>Per member (its JSON name), the literals put there; each becomes one body <c>{"id":5,"member":literal}</c>.</summary>
    public static readonly (string Member, string[] Literals)[] Literals =
    [
        ("state", [
            "\"InProgress\"", "\"inProgress\"", "\"INPROGRESS\"", "\"inprogress\"", "\"in_progress\"", "\"in-progress\"", "\"IN_PROGRESS\"",
            "\"IN-PROGRESS\"", "\"WaitingForCustomer\"", "\"waitingForCustomer\"", "\"waiting_for_customer\"", "\"Closed\"", "\"closed\"",
            "\" Closed \"", "\"\\u0043losed\"", "1", "3", "42", "-1", "\"1\"", "\" 2 \"", "\"+1\"", "\"-1\"", "\"01\"", "\"42\"",
            "\"2147483648\"", "2147483648", "1.0", "\"1.0\"", "\"Open, Closed\"", "\"Open,\"", "\",Open\"", "\"Open,,Closed\"",
            "\"Open, 1\"", "\"\"", "\" \"", "\"nope\"", "\"Open\\u0000\"", "null", "true", "{}", "[]",
        ]),
        ("previous", ["null", "\"Closed\"", "\"closed\"", "\"waitingForCustomer\"", "2", "\"2\"", "\"nope\""]),
        ("access", [
            "\"ReadWrite\"", "\"readWrite\"", "\"read_write\"", "\"READWRITE\"", "\"Read, Write\"", "\"read,write\"", "\"Read, Delete\"",
            "\"Write, Admin\"", "\"ReadWrite, Delete\"", "\"Admin,Read\"", "\"None\"", "\"none\"", "\"None, Read\"", "0", "7", "8", "25",
            "\"8\"", "\"25\"", "\"Read, 8\"", "\"Read, Nope\"", "\"Read; Write\"",
        ]),
        ("history", ["[\"Open\",\"closed\",2]", "[\"inProgress\",\"WAITING_FOR_CUSTOMER\"]", "[\"nope\"]", "[42,\"42\"]", "[null]"]),
        ("counts", [
            "{\"Open\":1}", "{\"inProgress\":2}", "{\"WAITINGFORCUSTOMER\":3}", "{\"in_progress\":3}", "{\"1\":4}", "{\"42\":5}", "{\"-1\":5}",
            "{\"nope\":6}", "{\"Open, Closed\":7}", "{\"\":8}",
        ]),
        ("channel", [
            "\"e-mail\"", "\"E-MAIL\"", "\"Email\"", "\"email\"", "\"walk_in\"", "\"WALK_IN\"", "\"WalkIn\"", "\"walkIn\"", "\"Phone\"",
            "\"phone\"", "\"PHONE\"", "\"e-mail, Phone\"", "0", "2", "\"2\"",
        ]),
        ("size", ["1", "200", "3", "256", "-1", "\"Small\"", "\"large\"", "\"200\"", "\"3\"", "\"256\""]),
        ("offset", [
            "-2", "\"Behind\"", "\"behind\"", "\"ahead\"", "9223372036854775807", "\"9223372036854775807\"", "\"-9223372036854775808\"",
            "9223372036854775808", "5", "\"Level, Behind\"",
        ]),
        ("pinned", ["\"InProgress\"", "\"inProgress\"", "\"in_progress\"", "\"IN-PROGRESS\"", "1", "\"1\"", "42", "\"nope\""]),
        ("kind", ["\"BugReport\"", "\"bugReport\"", "\"bug_report\"", "\"BUG-REPORT\"", "\"bug-report\"", "1", "\"1\"", "\"Question\"", "\"nope\""]),
    ];

    public static List<EnumNamesCase> All()
    {
        var cases = new List<EnumNamesCase>();
        foreach (bool mvc in new[] { true, false })
        {
            string root = mvc ? "/parity-enums/mvc/tickets" : "/parity-enums/min/tickets";
            foreach (int id in new[] { 1, 2, 3, 4 })
            {
                foreach (string? accept in new[] { null, Json, CorpusCases.Jmc1 })
                {
                    cases.Add(new(mvc, "GET", $"{root}/{id}", accept, null, null));
                }
            }

            foreach ((string member, string[] literals) in Literals)
            {
                foreach (string literal in literals)
                {
                    byte[] body = Encoding.UTF8.GetBytes($"{{\"id\":5,\"{member}\":{literal}}}");
                    cases.Add(new(mvc, "POST", root, Json, Json, body, "$." + member, literal));
                    cases.Add(new(mvc, "POST", root, CorpusCases.Jmc1, Json, body, "$." + member, literal));
                }
            }
        }

        return cases;
    }
}
