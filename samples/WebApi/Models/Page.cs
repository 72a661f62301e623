using Jsonable;
using Jsonable.Samples.RealData;
using Jsonable.Samples.WebApi.Models;

// Page<T> is generated once; each closed type the app returns or reads is named here, as System.Text.Json's
// [JsonSerializable(typeof(...))] names the types of a context. Without it, a Page<Status> route would answer 500
// with the advice to add exactly this line.
[assembly: JsonableType(typeof(Page<Status>))]

namespace Jsonable.Samples.WebApi.Models;

/// <summary>One page of a longer list: a generic wrapper, as APIs commonly return.</summary>
/// <typeparam name="T">The item type.</typeparam>
[ToJson, FromJson]
public partial class Page<T>
{
    /// <summary>The items on this page.</summary>
    public List<T> Items { get; set; } = [];

    /// <summary>How many items come before this page.</summary>
    public int Offset { get; set; }

    /// <summary>How many items there are in all.</summary>
    public int Total { get; set; }
}
