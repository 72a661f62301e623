using Jsonable;
using Jsonable.Samples.AotApi;

// The closed generic the app returns, named as System.Text.Json's [JsonSerializable] names a context's types: the
// generator registers Paged<Todo> by typeof, so nothing is made at run time (no MakeGenericType under Native AOT).
[assembly: JsonableType(typeof(Paged<Todo>))]

namespace Jsonable.Samples.AotApi;

/// <summary>A page of a list: a generic type, generated once for every item type.</summary>
/// <typeparam name="T">The item type.</typeparam>
[ToJson, FromJson]
public partial class Paged<T>
{
    /// <summary>The items on this page.</summary>
    public List<T> Items { get; set; } = [];

    /// <summary>How many items there are in all.</summary>
    public int Total { get; set; }
}
