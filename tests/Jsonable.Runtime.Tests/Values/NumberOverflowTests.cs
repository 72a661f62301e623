#nullable enable
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Jsonable.Runtime.Tests.Incremental;

namespace Jsonable.Runtime.Tests.Values;

/// <summary>
/// A finite number too large for its member's type is refused with the member's path, in every reader: System.Text.Json
/// stores it as ±Infinity, which neither serializer can write back, so one request would make every later response that
/// holds the value fail. Numbers that fit (the largest finite ones included) and the quoted names still read.
/// </summary>
public sealed class NumberOverflowTests
{
    public static TheoryData<string, string, string> Overflows => new()
    {
        { """{"position":[1,1e39]}""", "$.position[1]", "Single" },
        { """{"health":-3.5e38}""", "$.health", "Single" },
        { """{"gold":1e309}""", "$.gold", "Double" },
        { """{"samples":[0,-1e400]}""", "$.samples[1]", "Double" },
        { """{"price":1e29}""", "$.price", "Decimal" },
        { """{"inner":{"health":1e39}}""", "$.inner.health", "Single" },
    };

    [Theory]
    [MemberData(nameof(Overflows))]
    public async Task AnOverflowingNumber_IsAnError_AtItsPath_InEveryReader(string document, string path, string type)
    {
        byte[] json = Encoding.UTF8.GetBytes(document);
        byte[] jmc1 = Encoding.UTF8.GetBytes(document.Replace("{", "/*JMC1*/{", StringComparison.Ordinal));
        var target = new GameState { Gold = 12 };

        JsonableException plain = Assert.Throws<JsonableException>(() => GameState.CreateFromJson(json));
        JsonableException fromJmc1 = Assert.Throws<JsonableException>(() => GameState.CreateFromJsonable(jmc1));
        JsonableException merge = Assert.Throws<JsonableException>(() => target.MergeFromJson(json));
        JsonableException mergeJmc1 = Assert.Throws<JsonableException>(() => target.MergeFromJsonable(jmc1));
        JsonableException pieces = await Assert.ThrowsAsync<JsonableException>(async () => await JsonableSerializer.DeserializeAsync<GameState>(TricklePipeReader.Chunked(json, 4)));
        JsonableException piecesJmc1 = await Assert.ThrowsAsync<JsonableException>(async () => await JsonableSerializer.DeserializeAsync<GameState>(TricklePipeReader.Chunked(jmc1, 4), JsonableFormat.Jmc1));

        foreach (JsonableException ex in new[] { plain, fromJmc1, merge, mergeJmc1, pieces, piecesJmc1 })
        {
            Assert.Equal(path, ex.Path);
            Assert.Equal($"The number does not fit {type}.", ex.Reason);
        }

        Assert.Equal(12, target.Gold);
    }

    [Fact]
    public async Task SystemTextJson_StoresInfinity_ThatItCannotWriteBack()
    {
        // The reason for the difference: STJ reads 1e39 into a float as Infinity, then refuses to write it.
        GameState? stj = await JsonSerializer.DeserializeAsync<GameState>(new MemoryStream("""{"position":[1e39]}"""u8.ToArray()), JsonSerializerOptions.Web);

        Assert.Equal(float.PositiveInfinity, stj!.Position![0]);
        Assert.Throws<ArgumentException>(() => JsonSerializer.Serialize(stj, JsonSerializerOptions.Web));
    }

    [Fact]
    public void TheLargestFiniteNumbers_AndTheQuotedNames_StillRead()
    {
        GameState state = GameState.CreateFromJson("""{"position":[3.4028235e38,-3.4028235e38,1e-50],"gold":1.7976931348623157e308,"samples":[4.9e-324],"price":79228162514264337593543950335}"""u8);

        Assert.Equal([float.MaxValue, float.MinValue, 0f], state.Position!);
        Assert.Equal(double.MaxValue, state.Gold);
        Assert.Equal(double.Epsilon, Assert.Single(state.Samples!));
        Assert.Equal(decimal.MaxValue, state.Price);
        Assert.Equal(float.PositiveInfinity, GameState.CreateFromJson("""{"health":"Infinity"}"""u8).Health);
    }
}

/// <summary>A game backend's player: floating-point members of each width.</summary>
[ToJson, FromJson]
public partial class GameState
{
    public float[]? Position { get; set; }

    public float Health { get; set; }

    public double Gold { get; set; }

    public List<double>? Samples { get; set; }

    public decimal Price { get; set; }

    public GameState? Inner { get; set; }
}
