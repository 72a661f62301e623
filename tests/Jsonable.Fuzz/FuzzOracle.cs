using System;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Jsonable.Tests.Shared;
using Jsonable.Samples.RealData;

namespace Jsonable.Fuzz;

/// <summary>What one fuzz input did to one reader.</summary>
public enum FuzzVerdict
{
    /// <summary>The reader returned a value equal, as data, to System.Text.Json's reading of the same input.</summary>
    Accepted,

    /// <summary>The reader threw <see cref="JsonableException"/> with an offset inside the input and a path.</summary>
    Rejected,
}

/// <summary>One reader under test: a real-data type read from one format.</summary>
/// <param name="Name">A short name for reports.</param>
/// <param name="Format">The format the input is read as.</param>
/// <param name="Type">The model type.</param>
/// <param name="Read">The generated entry point (<c>CreateFromJson</c> or <c>CreateFromJsonable</c>).</param>
public sealed record FuzzTarget(string Name, JsonableFormat Format, Type Type, Func<byte[], object> Read);

/// <summary>A fuzz input broke the property: anything but a correct value or <see cref="JsonableException"/>.</summary>
public sealed class FuzzPropertyException : Exception
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="innerException">The exception the reader threw, if that was the problem.</param>
    public FuzzPropertyException(string message, Exception? innerException = null)
        : base(message, innerException)
    {
    }
}

/// <summary>
/// The property every input must satisfy, for every target: the reader either returns a value that equals
/// System.Text.Json's reading of the same input (JMC1 with its comments stripped by an independent stripper),
/// compared as data, or throws the public <see cref="JsonableException"/> with an offset inside the input and a
/// path. Nothing else (no other exception, no wrong value, no allocation out of proportion to the input).
/// </summary>
public static class FuzzOracle
{
    /// <summary>Allocation allowed per input byte on top of <see cref="AllocationAllowanceBytes"/>.</summary>
    public const long AllocationPerInputByte = 256;

    /// <summary>Fixed allocation allowance per read (reader state, error messages, paths).</summary>
    public const long AllocationAllowanceBytes = 1 << 20;

    private static readonly JsonSerializerOptions s_reference = new()
    {
        // As the Jsonable readers default: unknown members skipped, names matched exactly first, then ignoring case.
        PropertyNameCaseInsensitive = true,
        TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
    };

    /// <summary>Both real-data types in both formats.</summary>
    public static FuzzTarget[] Targets { get; } =
    [
        new("twitter/json", JsonableFormat.Json, typeof(TwitterRoot), input => TwitterRoot.CreateFromJson(input)),
        new("twitter/jmc1", JsonableFormat.Jmc1, typeof(TwitterRoot), input => TwitterRoot.CreateFromJsonable(input)),
        new("citm/json", JsonableFormat.Json, typeof(CitmCatalog), input => CitmCatalog.CreateFromJson(input)),
        new("citm/jmc1", JsonableFormat.Jmc1, typeof(CitmCatalog), input => CitmCatalog.CreateFromJsonable(input)),
    ];

    /// <summary>Checks the property for one input and one target.</summary>
    /// <param name="input">The fuzz input.</param>
    /// <param name="target">The reader under test.</param>
    /// <returns>Whether the input was accepted or rejected.</returns>
    /// <exception cref="FuzzPropertyException">The property does not hold.</exception>
    public static FuzzVerdict Check(byte[] input, FuzzTarget target)
    {
        ArgumentNullException.ThrowIfNull(input);
        ArgumentNullException.ThrowIfNull(target);
        object ours;
        long before = GC.GetAllocatedBytesForCurrentThread();
        try
        {
            ours = target.Read(input);
        }
        catch (JsonableException ex)
        {
            if (ex.BytePosition < 0 || ex.BytePosition > input.Length || ex.Path is null || !ex.Path.StartsWith('$') || ex.InnerException is not null)
            {
                throw new FuzzPropertyException($"{target.Name}: a malformed error (offset {ex.BytePosition}, path '{ex.Path}').", ex);
            }

            return FuzzVerdict.Rejected;
        }
        catch (Exception ex)
        {
            throw new FuzzPropertyException($"{target.Name}: {ex.GetType().Name} escaped the reader.", ex);
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        if (allocated > AllocationAllowanceBytes + (AllocationPerInputByte * input.Length))
        {
            throw new FuzzPropertyException($"{target.Name}: reading {input.Length} bytes allocated {allocated} bytes.");
        }

        byte[] json = ReferenceJson(input, target.Format);
        object? reference;
        try
        {
            reference = JsonSerializer.Deserialize(json, target.Type, s_reference);
        }
        catch (JsonException ex)
        {
            throw new FuzzPropertyException($"{target.Name}: accepted, but System.Text.Json rejects the same document: {ex.Message}", ex);
        }

        byte[] oursAsData = JsonSerializer.SerializeToUtf8Bytes(ours, target.Type, s_reference);
        byte[] referenceAsData = JsonSerializer.SerializeToUtf8Bytes(reference, target.Type, s_reference);
        if (!oursAsData.AsSpan().SequenceEqual(referenceAsData))
        {
            throw new FuzzPropertyException($"{target.Name}: the value read differs from System.Text.Json's reading of the same document.");
        }

        return FuzzVerdict.Accepted;
    }

    /// <summary>
    /// The plain JSON an independent reader sees: for JMC1, the comments stripped by the integration tests'
    /// stripper (which knows nothing of the runtime); a UTF-8 BOM dropped (RFC 8259 §8.1 lets a parser ignore it).
    /// </summary>
    private static byte[] ReferenceJson(byte[] input, JsonableFormat format)
    {
        if (format == JsonableFormat.Jmc1)
        {
            try
            {
                return Jmc1Oracle.StripComments(input);
            }
            catch (FormatException ex)
            {
                throw new FuzzPropertyException("accepted a JMC1 document with a comment that is not a JMC1 comment.", ex);
            }
        }

        return input.AsSpan().StartsWith("\uFEFF"u8) ? input[3..] : input;
    }
}
