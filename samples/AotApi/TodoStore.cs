using Jsonable.AspNetCore.Http;

namespace Jsonable.Samples.AotApi;

/// <summary>A todo as stored, with the version its entity tag is made of.</summary>
/// <param name="Value">The todo; never changed once stored (a change stores a new copy), so it can be written unlocked.</param>
/// <param name="Version">Incremented by every change.</param>
public sealed record StoredTodo(Todo Value, long Version)
{
    /// <summary>The entity tag sent in <c>ETag</c> and compared with <c>If-Match</c>: the version, quoted.</summary>
    public string ETag => $"\"{Version}\"";
}

/// <summary>
/// The sample's in-memory todos. Every read and change takes one lock, and a change is made to a copy that replaces the
/// stored todo only when it succeeded, so a PATCH checks <c>If-Match</c> and applies its members as one step (no other
/// change can land in between) and a failed PATCH leaves nothing half-applied.
/// </summary>
public sealed class TodoStore
{
    private readonly Lock _lock = new();
    private readonly Dictionary<int, StoredTodo> _todos = [];

    /// <summary>Every todo, by id.</summary>
    /// <returns>A snapshot of the stored todos.</returns>
    public List<Todo> List()
    {
        lock (_lock)
        {
            return _todos.Values.Select(stored => stored.Value).OrderBy(todo => todo.Id).ToList();
        }
    }

    /// <summary>One todo and its version.</summary>
    /// <param name="id">The todo's id.</param>
    /// <returns>The stored todo, or <see langword="null"/> when there is none.</returns>
    public StoredTodo? Get(int id)
    {
        lock (_lock)
        {
            return _todos.GetValueOrDefault(id);
        }
    }

    /// <summary>Stores <paramref name="todo"/> under its id, replacing any todo stored there (its version goes on).</summary>
    /// <param name="todo">The todo; the store keeps this instance, so the caller must not change it afterwards.</param>
    /// <returns>The stored todo.</returns>
    public StoredTodo Put(Todo todo)
    {
        lock (_lock)
        {
            var stored = new StoredTodo(todo, _todos.TryGetValue(todo.Id, out StoredTodo? current) ? current.Version + 1 : 1);
            _todos[todo.Id] = stored;
            return stored;
        }
    }

    /// <summary>
    /// Changes one todo: <paramref name="change"/> gets the stored version (to check <c>If-Match</c> against) and a copy
    /// to change. When it returns, the copy is stored with the next version; when it throws, nothing is stored.
    /// </summary>
    /// <param name="id">The todo's id.</param>
    /// <param name="change">Checks the stored todo and changes the copy.</param>
    /// <returns>The changed todo, or <see langword="null"/> when there is no todo with that id.</returns>
    public StoredTodo? Update(int id, Action<StoredTodo, Todo> change)
    {
        lock (_lock)
        {
            if (!_todos.TryGetValue(id, out StoredTodo? current))
            {
                return null;
            }

            Todo copy = Copy(current.Value);
            change(current, copy);
            if (copy.Id != id)
            {
                // The id is the todo's key: a patch may not move it (that would be a POST under the new id).
                throw new JsonableRequestException(
                    $"The id of todo {id} cannot be changed.", StatusCodes.Status400BadRequest,
                    new Dictionary<string, string[]> { ["$.id"] = [$"The id of todo {id} cannot be changed."] });
            }

            var updated = new StoredTodo(copy, current.Version + 1);
            _todos[id] = updated;
            return updated;
        }
    }

    private static Todo Copy(Todo todo) => new()
    {
        Id = todo.Id,
        Title = todo.Title,
        DueBy = todo.DueBy,
        IsComplete = todo.IsComplete,
        Tags = todo.Tags is null ? null : [.. todo.Tags],
    };
}
