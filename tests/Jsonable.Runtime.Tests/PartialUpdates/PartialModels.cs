#nullable enable
using System.Collections.Generic;
using Jsonable;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>A game-state transform with a partial writer for <see cref="Position"/> (the per-member writers of README.md, "Partial updates").</summary>
[ToJson, FromJson, ToJson(Property = nameof(Position))]
public partial class Transform
{
    public float[]? Position { get; set; }
    public float[]? Rotation { get; set; }
    public string? Name { get; set; }
}

/// <summary>A transform with partial writers for two members, one of them a nested object.</summary>
[ToJson, FromJson, ToJson(Property = nameof(Rotation)), ToJson(Property = nameof(Payload))]
public partial class Body
{
    public float[]? Position { get; set; }
    public float[]? Rotation { get; set; }
    public Payload? Payload { get; set; }
}

/// <summary>Something a <see cref="Body"/> carries.</summary>
[ToJson, FromJson]
public partial class Payload
{
    public string? Kind { get; set; }
    public int Mass { get; set; }
    public Payload? Inner { get; set; }
}

/// <summary>Every kind of member the reuse rules treat differently.</summary>
[ToJson, FromJson]
public partial class Inventory
{
    public int[]? Slots { get; set; }
    public byte[]? Blob { get; set; }
    public List<string>? Log { get; set; }
    public HashSet<int>? Seen { get; set; }
    public IList<int>? Ids { get; set; }
    public Dictionary<string, int>? Counts { get; set; }
    public IDictionary<string, int>? Limits { get; set; }
    public Payload? Payload { get; set; }
    public List<Payload>? Payloads { get; set; }
    public int[][]? Grid { get; set; }
}

/// <summary>Implements the four callbacks and records each call, with its name, in <see cref="Log"/>.</summary>
[ToJson, FromJson, ToJson(Property = nameof(Value))]
public partial class Recorder
{
    /// <summary>The calls on this thread (tests run in parallel, and readers create instances the test never sees).</summary>
    [System.ThreadStatic]
    private static List<string>? t_log;

    public static List<string> Log => t_log ??= new List<string>();

    /// <summary>When set, <c>OnDidDeserialize</c> throws it (a user validation failing).</summary>
    [System.ThreadStatic]
    private static System.Exception? t_failOnDidDeserialize;

    public static System.Exception? FailOnDidDeserialize
    {
        get => t_failOnDidDeserialize;
        set => t_failOnDidDeserialize = value;
    }

    public string? Id { get; set; }

    public int Value
    {
        get
        {
            Log.Add(Id + ".get");
            return _value;
        }
        set
        {
            Log.Add(Id + ".set");
            _value = value;
        }
    }

    public Recorder? Child { get; set; }

    private int _value;

    partial void OnWillSerialize() => Log.Add(Id + ".OnWillSerialize");

    partial void OnDidSerialize() => Log.Add(Id + ".OnDidSerialize");

    partial void OnWillDeserialize() => Log.Add(Id + ".OnWillDeserialize");

    partial void OnDidDeserialize()
    {
        Log.Add(Id + ".OnDidDeserialize");
        if (FailOnDidDeserialize is { } failure)
        {
            throw failure;
        }
    }
}
