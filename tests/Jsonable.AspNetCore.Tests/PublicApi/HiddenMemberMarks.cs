using System.ComponentModel;
using System.Reflection;

namespace Jsonable.AspNetCore.Tests.PublicApi;

/// <summary>
/// Puts <c>[EditorBrowsable(Never)]</c> back on the members of a public API listing that carry it. PublicApiGenerator
/// always drops that attribute, yet it is what tells a reviewer that a public member is plumbing (generated code's or
/// another Jsonable package's) rather than API a user is meant to call; without it the baselines would show both alike.
/// </summary>
internal static class HiddenMemberMarks
{
    /// <summary>The line put above each hidden type or member, as the attribute would be written.</summary>
    public const string Mark = "[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]";

    private const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    /// <summary>Returns <paramref name="api"/> with <see cref="Mark"/> above every hidden type and member of <paramref name="assembly"/>.</summary>
    /// <exception cref="InvalidOperationException">A hidden member could not be found in the listing (the matching below needs a new case).</exception>
    public static string Apply(Assembly assembly, string api)
    {
        List<string> lines = [.. api.ReplaceLineEndings("\n").Split('\n')];
        var marks = new SortedSet<int>();
        foreach (Type type in assembly.GetExportedTypes())
        {
            (int start, int end) = FindType(lines, type);
            if (IsHidden(type))
            {
                marks.Add(start);
            }

            foreach (MemberInfo member in type.GetMembers(Declared).Where(m => IsVisible(m) && IsHidden(m)))
            {
                marks.Add(FindMember(lines, start, end, type, member, marks));
            }
        }

        foreach (int line in marks.Reverse())
        {
            string indent = lines[line][..(lines[line].Length - lines[line].TrimStart().Length)];
            lines.Insert(line, indent + Mark);
        }

        return string.Join("\n", lines);
    }

    private static bool IsHidden(MemberInfo member) =>
        member.GetCustomAttribute<EditorBrowsableAttribute>(inherit: false)?.State == EditorBrowsableState.Never;

    private static bool IsVisible(MemberInfo member) => member switch
    {
        MethodBase m => !m.IsSpecialName || m is ConstructorInfo ? m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly : false,
        FieldInfo f => f.IsPublic || f.IsFamily || f.IsFamilyOrAssembly,
        PropertyInfo p => p.GetAccessors(nonPublic: true).Any(a => a.IsPublic || a.IsFamily || a.IsFamilyOrAssembly),
        EventInfo e => e.AddMethod is { } add && (add.IsPublic || add.IsFamily),
        _ => false, // nested types are listed as types of their own
    };

    /// <summary>The header line of <paramref name="type"/>'s declaration and the line that closes it.</summary>
    private static (int Start, int End) FindType(List<string> lines, Type type)
    {
        (int from, int to) = type.DeclaringType is { } outer ? FindType(lines, outer) : FindNamespace(lines, type.Namespace!);
        string name = ShortName(type);
        for (int i = from + 1; i < to; i++)
        {
            string text = lines[i].TrimStart();
            int at = text.IndexOf(' ' + name, StringComparison.Ordinal);
            int after = at + 1 + name.Length;
            bool genericShape = after < text.Length && text[after] == '<';
            if (at < 0 || !IsTypeHeader(text) || !EndsName(text, after) || genericShape != type.Name.Contains('`', StringComparison.Ordinal))
            {
                continue;
            }

            if (text.EndsWith("{ }", StringComparison.Ordinal) || type.IsSubclassOf(typeof(Delegate)))
            {
                return (i, i);
            }

            string close = lines[i][..(lines[i].Length - text.Length)] + "}";
            int end = lines.FindIndex(i + 1, l => l == close);
            return (i, end);
        }

        throw new InvalidOperationException($"The public API listing has no declaration of {type.FullName}.");
    }

    private static (int Start, int End) FindNamespace(List<string> lines, string ns)
    {
        int start = lines.IndexOf("namespace " + ns);
        if (start < 0)
        {
            throw new InvalidOperationException($"The public API listing has no namespace {ns}.");
        }

        return (start, lines.FindIndex(start + 1, l => l == "}"));
    }

    private static bool IsTypeHeader(string text) =>
        (text.StartsWith("public ", StringComparison.Ordinal) || text.StartsWith("protected ", StringComparison.Ordinal)) &&
        (text.Contains(" class ", StringComparison.Ordinal) || text.Contains(" struct ", StringComparison.Ordinal) ||
         text.Contains(" interface ", StringComparison.Ordinal) || text.Contains(" enum ", StringComparison.Ordinal) ||
         text.Contains(" delegate ", StringComparison.Ordinal) || text.Contains(" record ", StringComparison.Ordinal));

    private static bool EndsName(string text, int at) => at == text.Length || text[at] is '<' or '(' or ' ' or ':';

    private static string ShortName(Type type) => type.Name.Split('`')[0];

    private static int FindMember(List<string> lines, int start, int end, Type type, MemberInfo member, SortedSet<int> taken)
    {
        // Members sit one level inside the type's braces; deeper lines belong to nested types.
        int indent = lines[start].Length - lines[start].TrimStart().Length + 4;
        for (int i = start + 1; i < end; i++)
        {
            string text = lines[i].TrimStart();
            // taken: an overload with the same parameter names already claimed that line.
            if (lines[i].Length - text.Length != indent || text.StartsWith('[') || taken.Contains(i))
            {
                continue; // a nested type's members, or an attribute line
            }

            if (Matches(text, type, member))
            {
                return i;
            }
        }

        throw new InvalidOperationException($"The public API listing has no line for {type.FullName}.{member.Name}.");
    }

    private static bool Matches(string text, Type type, MemberInfo member)
    {
        switch (member)
        {
            case MethodBase method:
                string name = method is ConstructorInfo ? ShortName(type) : method.Name;
                int at = text.IndexOf(' ' + name, StringComparison.Ordinal);
                if (at < 0 || !EndsName(text, at + 1 + name.Length) || IsTypeHeader(text))
                {
                    return false;
                }

                int open = text.IndexOf('(', at);
                return open >= 0 && ParameterNames(text[(open + 1)..text.LastIndexOf(')')])
                    .SequenceEqual(method.GetParameters().Select(p => p.Name ?? string.Empty));
            case PropertyInfo property:
                return property.GetIndexParameters().Length > 0
                    ? text.Contains(" this[", StringComparison.Ordinal)
                    : text.Contains(' ' + property.Name + " {", StringComparison.Ordinal);
            default:
                return text.EndsWith(' ' + member.Name + ';', StringComparison.Ordinal) || text.Contains(' ' + member.Name + " =", StringComparison.Ordinal);
        }
    }

    /// <summary>The parameter names of a listed parameter list (<c>ref T x, int y = 0</c> → x, y).</summary>
    private static IEnumerable<string> ParameterNames(string parameters)
    {
        int depth = 0, from = 0;
        for (int i = 0; i <= parameters.Length; i++)
        {
            char c = i < parameters.Length ? parameters[i] : ',';
            if (c is '<' or '(' or '[')
            {
                depth++;
            }
            else if (c is '>' or ')' or ']')
            {
                depth--;
            }
            else if (c == ',' && depth == 0)
            {
                string one = parameters[from..i].Split(" = ")[0].Trim();
                if (one.Length > 0)
                {
                    yield return one[(one.LastIndexOf(' ') + 1)..];
                }

                from = i + 1;
            }
        }
    }
}
