// Block-scoped namespace: these models also compile as C# 9 (tests/Jsonable.Mono.Tests, samples/UnityClient).
using System.Collections.Generic;
using System.ComponentModel.DataAnnotations;

namespace Jsonable.Samples.RealData
{
    /// <summary>
    /// A game object's transform: the sample's partial-update resource. Each <c>[ToJson(Property = …)]</c> generates a
    /// <c>ToJsonUtf8_X</c> writer that emits only that member, for property endpoints and PATCH bodies.
    /// </summary>
    [ToJson, FromJson]
    [ToJson(Property = nameof(Position))]
    [ToJson(Property = nameof(Rotation))]
    [ToJson(Property = nameof(Scale))]
    [ToJson(Property = nameof(Payload))]
    [ToJson(Property = nameof(Tags))]
    public partial class Transform
    {
        /// <summary>The resource id: set when the transform is created, never by a PATCH (a 400 keyed <c>$.id</c>).</summary>
        [Editable(false)] // the route key: a patch that moved it would orphan the route and could collide with another row
        public long Id { get; set; }

        /// <summary>A display name.</summary>
        public string? Name { get; set; }

        /// <summary>x, y, z.</summary>
        public float[]? Position { get; set; }

        /// <summary>A quaternion: x, y, z, w.</summary>
        public float[]? Rotation { get; set; }

        /// <summary>x, y, z.</summary>
        public float[]? Scale { get; set; }

        /// <summary>What the object carries; merged member by member by a PATCH.</summary>
        public TransformPayload? Payload { get; set; }

        /// <summary>Free-form tags; a PATCH replaces the list whole.</summary>
        public List<string>? Tags { get; set; }

        /// <summary>Named counters; a PATCH merges them key by key (<c>null</c> removes a key), so clients can change different keys concurrently.</summary>
        public Dictionary<string, int>? Counters { get; set; }
    }

    /// <summary>What a <see cref="Transform"/> carries.</summary>
    [ToJson, FromJson]
    public partial class TransformPayload
    {
        /// <summary>What kind of thing it is.</summary>
        public string? Kind { get; set; }

        /// <summary>Its mass in kilograms.</summary>
        public int Mass { get; set; }

        /// <summary>Its dimensions: width, height and depth (merged member by member).</summary>
        public TransformDimensions? Dimensions { get; set; }
    }

    /// <summary>The size of a <see cref="TransformPayload"/>.</summary>
    [ToJson, FromJson]
    public partial class TransformDimensions
    {
        /// <summary>Width.</summary>
        public double Width { get; set; }

        /// <summary>Height.</summary>
        public double Height { get; set; }

        /// <summary>Depth.</summary>
        public double Depth { get; set; }
    }
}
