using System.Text.Json.Serialization;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The DTO of the enum-names variant of the parity corpus (<see cref="EnumNamesParityTests"/>): an enum in every place
/// one appears (member, nullable, list, dictionary key), of every kind the converter treats apart (flags with a composite
/// member, <c>[JsonStringEnumMemberName]</c>, an unsigned and a signed underlying type, a converter on the member, one on
/// the type).
/// </summary>
[ToJson, FromJson]
public partial class ParityTicket
{
    public int Id { get; set; }

    public TicketState State { get; set; }

    public TicketState? Previous { get; set; }

    public TicketAccess Access { get; set; }

    public List<TicketState> History { get; set; } = [];

    public Dictionary<TicketState, int> Counts { get; set; } = [];

    public TicketChannel Channel { get; set; }

    public TicketSize Size { get; set; } = TicketSize.Small;

    public TicketOffset Offset { get; set; }

    /// <summary>A converter on the member beats the app's: always the declared names.</summary>
    [JsonConverter(typeof(JsonStringEnumConverter))]
    public TicketState Pinned { get; set; }

    /// <summary>A converter on the type loses to the app's: the app's names when it has a converter.</summary>
    public TicketKind Kind { get; set; }
}

public enum TicketState
{
    Open,
    InProgress,
    WaitingForCustomer,
    Closed,
}

[Flags]
public enum TicketAccess
{
    None = 0,
    Read = 1,
    Write = 2,
    Delete = 4,
    ReadWrite = Read | Write,
    Admin = 16,
}

public enum TicketChannel
{
    [JsonStringEnumMemberName("e-mail")]
    Email,
    Phone,
    [JsonStringEnumMemberName("walk_in")]
    WalkIn,
}

public enum TicketSize : byte
{
    Small = 1,
    Large = 200,
}

public enum TicketOffset : long
{
    Behind = -2,
    Level = 0,
    Ahead = long.MaxValue,
}

[JsonConverter(typeof(JsonStringEnumConverter))]
public enum TicketKind
{
    Question,
    BugReport,
}
