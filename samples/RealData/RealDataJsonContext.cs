#nullable enable
using System.Collections.Generic;
using System.Text.Json.Serialization;

namespace Jsonable.Samples.RealData;

/// <summary>System.Text.Json source-generated reference context for the real-data models.</summary>
[JsonSourceGenerationOptions(UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow)]
[JsonSerializable(typeof(TwitterRoot))]
[JsonSerializable(typeof(CitmCatalog))]
[JsonSerializable(typeof(List<Status>))]
[JsonSerializable(typeof(List<CitmEvent>))]
public partial class RealDataJsonContext : JsonSerializerContext
{
}
