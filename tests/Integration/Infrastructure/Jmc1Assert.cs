using Jsonable.Runtime.Tests.Infrastructure;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>Compares a JMC1 response with a JSON one as data.</summary>
public static class Jmc1Assert
{
    /// <summary>Compares a JMC1 document with a JSON one as data, after removing the JMC1 comments.</summary>
    public static void EqualsJson(ReadOnlySpan<byte> expectedJson, ReadOnlySpan<byte> actualJmc1)
        => JsonData.AssertEqual(expectedJson, Jmc1Oracle.StripComments(actualJmc1));
}
