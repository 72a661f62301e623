using System.Text;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// Writes <see cref="ParityOrder"/> request bodies as text, member by member, so a case can replace one member's JSON
/// with any literal (valid or not) or leave it out, and the rest of the body stays a valid order.
/// </summary>
internal static class OrderBodies
{
    /// <summary>Every leaf member of a valid order, in body order, as a JSON path and its JSON text.</summary>
    public static readonly (string Path, string Json)[] Leaves =
    [
        ("id", "42"),
        ("reference", "\"3f2504e0-4f89-11d3-9a0c-0305e82c3301\""),
        ("number", "\"A-42\""),
        ("status", "1"),
        ("customer.id", "7"),
        ("customer.name", "\"Ada\""),
        ("customer.email", "\"ada@example.com\""),
        ("lines[0].sku", "\"SKU-1\""),
        ("lines[0].quantity", "2"),
        ("lines[0].unitPrice", "9.99"),
        ("lines[0].discount", "0.25"),
        ("placedAt", "\"2024-01-02T03:04:05+01:00\""),
        ("shippedAt", "\"2024-01-03T10:00:00Z\""),
        ("deliveryDate", "\"2024-01-05\""),
        ("deliveryWindowStart", "\"09:30:00\""),
        ("handlingTime", "\"1.02:03:04\""),
        ("total", "19.98"),
        ("weight", "1.5"),
        ("trackingNumber", "123"),
        ("notes", "\"fragile\""),
    ];

    /// <summary>A valid order.</summary>
    public static string Valid() => Write(new Dictionary<string, string?>());

    /// <summary>
    /// A valid order with <paramref name="path"/> (a leaf, or a container such as <c>customer</c> or <c>lines</c>)
    /// replaced by <paramref name="json"/>, or left out when it is null.
    /// </summary>
    public static string With(string path, string? json) => Write(new Dictionary<string, string?> { [path] = json });

    private static string Write(Dictionary<string, string?> overrides)
    {
        var text = new StringBuilder();
        WriteObject(text, "", Leaves.Select(l => l.Path).ToList(), overrides);
        return text.ToString();
    }

    private static void WriteObject(StringBuilder text, string prefix, List<string> paths, Dictionary<string, string?> overrides)
    {
        text.Append('{');
        bool first = true;
        foreach (IGrouping<string, string> member in paths.GroupBy(FirstName))
        {
            string name = member.Key;
            string path = prefix + name;
            if (overrides.TryGetValue(path, out string? replacement))
            {
                if (replacement is null)
                {
                    continue;
                }

                Separate(text, ref first, name).Append(replacement);
                continue;
            }

            string rest = member.First()[name.Length..];
            Separate(text, ref first, name);
            if (rest.Length == 0)
            {
                text.Append(Leaves.First(l => l.Path == path).Json);
            }
            else if (rest.StartsWith("[0]", StringComparison.Ordinal))
            {
                text.Append('[');
                WriteObject(text, path + "[0].", member.Select(p => p[(name.Length + 4)..]).ToList(), overrides);
                text.Append(']');
            }
            else
            {
                WriteObject(text, path + ".", member.Select(p => p[(name.Length + 1)..]).ToList(), overrides);
            }
        }

        text.Append('}');
    }

    private static string FirstName(string path)
    {
        int end = path.IndexOfAny(['.', '[']);
        return end < 0 ? path : path[..end];
    }

    private static StringBuilder Separate(StringBuilder text, ref bool first, string name)
    {
        if (!first)
        {
            text.Append(',');
        }

        first = false;
        return text.Append('"').Append(name).Append("\":");
    }
}
