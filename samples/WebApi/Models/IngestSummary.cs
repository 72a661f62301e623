using Jsonable;

namespace Jsonable.Samples.WebApi.Models;

/// <summary>What a streamed upload ingested.</summary>
[ToJson, FromJson]
public partial class IngestSummary
{
    /// <summary>How many items were read.</summary>
    public long Count { get; set; }

    /// <summary>The id of the last item (0 when there was none).</summary>
    public long LastId { get; set; }

    /// <summary>How many of them were stored (0 unless the request asked to store them).</summary>
    public long Stored { get; set; }
}
