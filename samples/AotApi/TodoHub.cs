using System.Runtime.CompilerServices;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.SignalR;

namespace Jsonable.Samples.AotApi;

/// <summary>
/// A SignalR hub on the <c>json</c> protocol of <c>AddJsonableProtocol()</c>: <see cref="Todo"/> arguments, results and
/// stream items are read and written by the generated code, in a Native AOT binary.
/// </summary>
public sealed class TodoHub(TodoStore todos) : Hub
{
    /// <summary>Stores a todo (a generated-code argument) and returns what was stored (a generated-code result).</summary>
    /// <param name="todo">The todo.</param>
    public Todo Put(Todo todo) => todos.Put(todo).Value;

    /// <summary>The todo with that id, or <see langword="null"/>: an <see cref="int"/> argument goes through the app's STJ context.</summary>
    /// <param name="id">The id.</param>
    public Todo? Get(int id) => todos.Get(id)?.Value;

    /// <summary>Streams every stored todo (generated-code stream items).</summary>
    /// <param name="cancellationToken">Cancelled when the client stops the stream.</param>
    public async IAsyncEnumerable<Todo> List([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        foreach (Todo todo in todos.List())
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return todo;
        }
    }

    /// <summary>Refuses with a <see cref="HubException"/>.</summary>
    /// <param name="title">A title to refuse.</param>
    /// <remarks>
    /// Without dynamic code (Native AOT, or any app with <c>IsAotCompatible</c>), SignalR 10 calls hub methods by
    /// reflection and the exception reaches its dispatcher wrapped in a <c>TargetInvocationException</c>, so the client
    /// gets the generic message without the <see cref="HubException"/>'s, whatever the protocol.
    /// </remarks>
    public Todo Refuse(string title) => throw new HubException($"Refused '{title}'.");
}

/// <summary>
/// What a Native AOT SignalR app declares for the values that are not Jsonable types (here the hub's <c>int</c> and
/// <c>string</c> arguments): System.Text.Json has no reflection under AOT, so those need a source-generated context.
/// </summary>
[JsonSerializable(typeof(int))]
[JsonSerializable(typeof(string))]
internal sealed partial class HubPayloadContext : JsonSerializerContext;
