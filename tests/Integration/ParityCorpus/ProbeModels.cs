using System.Text.Json.Serialization;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>A generated base type without polymorphism: what an endpoint declares while returning a derived value.</summary>
[ToJson, FromJson]
public partial class ProbeModel
{
    public int Id { get; set; }

    public string? Name { get; set; }

    public string? StreetName { get; set; }
}

/// <summary>A generated type derived from <see cref="ProbeModel"/>: its members must survive a base-typed endpoint.</summary>
[ToJson, FromJson]
public partial class ProbeDerivedModel : ProbeModel
{
    public string? Address { get; set; }
}

/// <summary>A polymorphic base: the declared type fixes the shape, and its writer writes the discriminator.</summary>
[ToJson, FromJson]
[JsonDerivedType(typeof(ProbeDog), "dog")]
public partial class ProbePet
{
    public string? Name { get; set; }
}

/// <summary>A derived type of <see cref="ProbePet"/>.</summary>
[ToJson, FromJson]
public partial class ProbeDog : ProbePet
{
    public bool Good { get; set; }
}

/// <summary>The values the probe routes return.</summary>
public static class ProbeValues
{
    public static ProbeModel Derived() => new ProbeDerivedModel { Id = 10, Name = "test", Address = "Some address" };

    public static ProbePet Dog() => new ProbeDog { Name = "rex", Good = true };

    public static async IAsyncEnumerable<ProbeModel> Stream()
    {
        await Task.Yield();
        yield return new ProbeModel { Id = 1, Name = "a" };
        yield return new ProbeModel { Id = 2, Name = "b" };
    }
}
