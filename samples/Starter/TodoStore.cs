using Jsonable.AspNetCore.Http;

namespace Jsonable.Samples.Starter;

/// <summary>The todos, in memory (swap in your database). One lock, so a PATCH never races another write.</summary>
public sealed class TodoStore
{
    private readonly Dictionary<int, Todo> _todos = [];
    private int _lastId;

    /// <summary>Every todo, by id.</summary>
    public List<Todo> List()
    {
        lock (_todos)
        {
            return [.. _todos.Values.OrderBy(todo => todo.Id)];
        }
    }

    /// <summary>The todo with this id, or <see langword="null"/>.</summary>
    public Todo? Find(int id)
    {
        lock (_todos)
        {
            return _todos.GetValueOrDefault(id);
        }
    }

    /// <summary>Stores a new todo under the next id (the id the client sent, if any, is not used).</summary>
    public Todo Add(Todo todo)
    {
        lock (_todos)
        {
            todo.Id = ++_lastId;
            _todos[todo.Id] = todo;
            return todo;
        }
    }

    /// <summary>Replaces the todo with this id; <see langword="false"/> when there is none.</summary>
    public bool Replace(int id, Todo todo)
    {
        lock (_todos)
        {
            if (!_todos.ContainsKey(id))
            {
                return false;
            }

            todo.Id = id;
            _todos[id] = todo;
            return true;
        }
    }

    /// <summary>
    /// Applies an RFC 7396 merge patch to the todo with this id; <see langword="null"/> when there is none. The patch
    /// is checked against the whole todo before anything changes, so a bad one (a 400) leaves the todo as it was.
    /// </summary>
    public Todo? Patch(int id, JsonablePatch<Todo> patch)
    {
        lock (_todos)
        {
            if (!_todos.TryGetValue(id, out Todo? todo))
            {
                return null;
            }

            patch.ApplyTo(todo);
            return todo;
        }
    }
}
