using System.Text;
using System.Text.Json.Serialization;

namespace Jsonable.Mono.Tests
{
    /// <summary>Merge patches and deltas of a polymorphic member on the netstandard2.0 build (the generated dispatch in C# 9).</summary>
    internal static class PolymorphismChecks
    {
        public static void Run(Runner runner)
        {
            runner.Check("polymorphism: a delta of the same derived type is a nested patch, merged by the stored value's type", () =>
            {
                var previous = new Pen { Tip = new Brush { Width = 1, Color = "red" } };
                var current = new Pen { Tip = new Brush { Width = 3, Color = "red" } };
                var output = new Output();

                Pen.WriteMergePatch(previous, current, output, emitMetadataComments: false);
                byte[] patch = output.WrittenSpan.ToArray();
                runner.Record("polymorphic-delta.json", patch);
                previous.MergeFromJson(patch);

                Assert.SameBytes(Encoding.ASCII.GetBytes("{\"tip\":{\"width\":3}}"), patch, "nested patch");
                Assert.SameBytes(Encoding.UTF8.GetBytes(current.ToJson()), Encoding.UTF8.GetBytes(previous.ToJson()), "merged value");
            });

            runner.Check("polymorphism: a patch naming another derived type is refused and changes nothing", () =>
            {
                var pen = new Pen { Tip = new Brush { Width = 1 } };
                JsonableException error = Assert.Throws<JsonableException>(
                    () => pen.MergeFromJson(Encoding.ASCII.GetBytes("{\"tip\":{\"$type\":\"nib\",\"sharp\":true}}")),
                    "type change");

                Assert.Equal("$.tip.$type", error.Path, "error path");
                Assert.Equal(1, ((Brush)pen.Tip!).Width, "unchanged");
            });
        }
    }

    [ToJson, FromJson]
    public partial class Pen
    {
        public Tip? Tip { get; set; }
    }

    [ToJson, FromJson]
    [JsonDerivedType(typeof(Brush), "brush")]
    [JsonDerivedType(typeof(Nib), "nib")]
    public abstract partial class Tip
    {
        public string? Color { get; set; }
    }

    [ToJson, FromJson]
    public partial class Brush : Tip
    {
        public int Width { get; set; }
    }

    [ToJson, FromJson]
    public partial class Nib : Tip
    {
        public bool Sharp { get; set; }
    }
}
