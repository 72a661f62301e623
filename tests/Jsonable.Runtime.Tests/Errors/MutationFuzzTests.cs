#nullable enable
using System;
using System.Collections.Generic;
using Jsonable.Runtime.Tests.Hostile;

namespace Jsonable.Runtime.Tests.Errors;

/// <summary>
/// Random single-byte mutations (fixed seeds, so a failure reproduces) of valid documents: every result is a
/// successful read or a <see cref="JsonableException"/> with a position and a path — never a raw BCL exception,
/// not even one wrapped by the entry point's safety net.
/// </summary>
public sealed class MutationFuzzTests
{
    private const int Mutations = 2000;

    [Theory]
    [InlineData(JsonableFormat.Json, 1)]
    [InlineData(JsonableFormat.Jmc1, 1)]
    [InlineData(JsonableFormat.Json, 2)]
    [InlineData(JsonableFormat.Jmc1, 2)]
    public void Order_SingleByteMutations_ReadOrThrowJsonableException(JsonableFormat format, int seed)
    {
        byte[] doc = format == JsonableFormat.Jmc1 ? HostileDocuments.OrderJmc1() : HostileDocuments.OrderJson();

        Outcome outcome = Fuzz(doc, seed, mutated => JsonableSerializer.Deserialize<Order>(mutated, format));

        Assert.True(outcome.Failures > Mutations / 4, $"Only {outcome.Failures} of {Mutations} mutations failed.");
        AssertBothOutcomes(outcome);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void Order_SingleByteMutations_IntoExistingInstanceWithReuse_ReadOrThrowJsonableException(JsonableFormat format)
    {
        byte[] doc = format == JsonableFormat.Jmc1 ? HostileDocuments.OrderJmc1() : HostileDocuments.OrderJson();

        Outcome outcome = Fuzz(doc, 3, mutated =>
        {
            Order target = HostileDocuments.CreateOrder();
            if (format == JsonableFormat.Jmc1)
            {
                target.FromJsonable(mutated, reuseInstance: true);
            }
            else
            {
                target.FromJson(mutated, reuseInstance: true);
            }
        });

        AssertBothOutcomes(outcome);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void Order_SingleByteMutations_ReadAsTypeThatSkipsMostMembers_ReadOrThrowJsonableException(JsonableFormat format)
    {
        // OrderItem knows only sku and count: the rest of the document goes through the skipping path.
        byte[] doc = format == JsonableFormat.Jmc1 ? HostileDocuments.OrderJmc1() : HostileDocuments.OrderJson();

        Outcome outcome = Fuzz(doc, 4, mutated => JsonableSerializer.Deserialize<OrderItem>(mutated, format));

        AssertBothOutcomes(outcome);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void OrderList_SingleByteMutations_ReadOrThrowJsonableException(JsonableFormat format)
    {
        byte[] doc = JsonableSerializer.SerializeToUtf8Bytes(
            new List<Order> { HostileDocuments.CreateOrder(), new() { id = "2", codes = [] } }, format);

        Outcome outcome = Fuzz(doc, 5, mutated => JsonableSerializer.Deserialize<List<Order>>(mutated, format));

        AssertBothOutcomes(outcome);
    }

    [Theory]
    [InlineData(JsonableFormat.Json)]
    [InlineData(JsonableFormat.Jmc1)]
    public void Order_LengthCommentByteMutations_ReadOrThrowJsonableException(JsonableFormat format)
    {
        // Mutate only the two length bytes of JMC1 comments (or, in JSON, digits): the hints are where lies hide.
        byte[] doc = format == JsonableFormat.Jmc1 ? HostileDocuments.OrderJmc1() : HostileDocuments.OrderJson();
        var targets = new List<int>();
        for (int i = 0; i + 5 < doc.Length; i++)
        {
            if (format == JsonableFormat.Jmc1 ? doc[i] == '/' && doc[i + 1] == '*' && doc[i + 4] == '*' && doc[i + 5] == '/' : char.IsAsciiDigit((char)doc[i]))
            {
                targets.Add(format == JsonableFormat.Jmc1 ? i + 2 : i);
                if (format == JsonableFormat.Jmc1)
                {
                    targets.Add(i + 3);
                }
            }
        }

        Assert.NotEmpty(targets);
        Outcome outcome = Fuzz(doc, 6, mutated => JsonableSerializer.Deserialize<Order>(mutated, format), targets);

        AssertBothOutcomes(outcome);
    }

    /// <summary>
    /// A run that only ever fails (or only ever succeeds) is not testing the property: some bytes (inside strings,
    /// digits) change harmlessly, most do not, and both paths must have been reached.
    /// </summary>
    private static void AssertBothOutcomes(Outcome outcome)
    {
        Assert.True(outcome.Failures > 0, $"None of {Mutations} mutations failed; the test is not reaching the error path.");
        Assert.True(outcome.Successes > 0, $"None of {Mutations} mutations was harmless; the test is not reaching the success path.");
    }

    private delegate void SpanAction(ReadOnlySpan<byte> input);

    private readonly record struct Outcome(int Successes, int Failures);

    private static Outcome Fuzz(byte[] doc, int seed, SpanAction read, List<int>? positions = null)
    {
        var random = new Random(seed);
        int successes = 0;
        int failures = 0;
        byte[] mutated = new byte[doc.Length];
        for (int i = 0; i < Mutations; i++)
        {
            doc.CopyTo(mutated, 0);
            int at = positions is null ? random.Next(doc.Length) : positions[random.Next(positions.Count)];
            byte value = (byte)random.Next(256);
            mutated[at] = value;
            try
            {
                read(mutated);
                successes++;
            }
            catch (JsonableException ex)
            {
                failures++;
                Assert.True(ex.BytePosition >= 0 && ex.BytePosition <= mutated.Length, $"Seed {seed}, mutation {i} (byte {at} = 0x{value:X2}): position {ex.BytePosition} is outside the document.");
                Assert.True(ex.Path is not null && ex.Path.StartsWith('$'), $"Seed {seed}, mutation {i} (byte {at} = 0x{value:X2}): path '{ex.Path}'.");

                // The models run no user code, so a wrapped exception can only be a reader bug caught by the safety net.
                Assert.True(ex.InnerException is null, $"Seed {seed}, mutation {i} (byte {at} = 0x{value:X2}): the reader hit {ex.InnerException}");
            }
            catch (Exception ex)
            {
                Assert.Fail($"Seed {seed}, mutation {i} (byte {at} = 0x{value:X2}): {ex.GetType().Name} escaped: {ex}");
            }
        }

        return new Outcome(successes, failures);
    }
}
