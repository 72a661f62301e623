#nullable enable
using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Text;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>Builds JMC1 bytes by hand, so that tests can put any length comment before any value.</summary>
internal static class Jmc1Text
{
    /// <summary>The 6-byte length comment for <paramref name="n"/> (any value, even one a writer would never produce).</summary>
    public static byte[] Length(int n)
    {
        byte[] comment = [(byte)'/', (byte)'*', 0, 0, (byte)'*', (byte)'/'];
        BinaryPrimitives.WriteUInt16LittleEndian(comment.AsSpan(2), (ushort)(n + 0x0130));
        return comment;
    }

    /// <summary>
    /// Concatenates the parts: a <see cref="string"/> as UTF-8, a <see cref="byte"/> array as is, an <see cref="int"/>
    /// as the length comment for that number.
    /// </summary>
    public static byte[] Build(params object[] parts)
    {
        var bytes = new List<byte>();
        foreach (object part in parts)
        {
            switch (part)
            {
                case string text:
                    bytes.AddRange(Encoding.UTF8.GetBytes(text));
                    break;
                case byte[] raw:
                    bytes.AddRange(raw);
                    break;
                case int n:
                    bytes.AddRange(Length(n));
                    break;
                default:
                    throw new ArgumentException("Unsupported part " + part, nameof(parts));
            }
        }

        return bytes.ToArray();
    }

    /// <summary><c>/*JMC1*/{</c>, the name with its correct length comment, and <c>:</c>.</summary>
    public static byte[] ObjectWithMember(string name) => Build("/*JMC1*/{", Encoding.UTF8.GetByteCount(name), "\"" + name + "\":");
}
