namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Endpoint metadata saying the endpoint answers with a negotiated Jsonable result, so that its request body binding
/// can refuse an unsatisfiable <c>Accept</c> (406) before the handler runs, as MVC does.
/// </summary>
internal sealed class NegotiatedResponseMetadata
{
    public static readonly NegotiatedResponseMetadata Instance = new();

    private NegotiatedResponseMetadata()
    {
    }
}
