using System.Collections.Generic;

namespace Jsonable.SignalR.MonoClient
{
    /// <summary>
    /// The client's view of samples/AotApi's Todo, declared as a Unity project would (no <c>DateOnly</c> on .NET
    /// Framework or Mono: the due date stays the ISO text the server writes).
    /// </summary>
    [ToJson, FromJson]
    public partial class Todo
    {
        public int Id { get; set; }

        public string? Title { get; set; }

        public string? DueBy { get; set; }

        public bool IsComplete { get; set; }

        public List<string>? Tags { get; set; }
    }
}
