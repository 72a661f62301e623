using System.Text;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// Patch bodies in either format: JMC1 carries the same data as the JSON text (length comments and a header added by
/// <see cref="Jmc1Oracle.FromJson"/>, independently of the runtime).
/// </summary>
internal static class PatchBodies
{
    public const string MergePatchType = "application/merge-patch+json";
    public const string JsonType = "application/json";
    public const string Jmc1Type = "application/jsonc+jmc1";

    public static string ContentType(string format) => format == "jmc1" ? Jmc1Type : MergePatchType;

    public static string Accept(string format) => format == "jmc1" ? Jmc1Type : JsonType;

    public static byte[] Encode(string json, string format) => format == "jmc1" ? Jmc1Oracle.FromJson(Encoding.UTF8.GetBytes(json)) : Encoding.UTF8.GetBytes(json);
}
