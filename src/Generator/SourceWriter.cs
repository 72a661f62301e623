using System.Text;

namespace Jsonable.Generator;

/// <summary>A minimal indenting text writer for generated source.</summary>
internal sealed class SourceWriter
{
    private readonly StringBuilder _sb = new();
    private int _indent;

    /// <summary>A writer for the top of a file.</summary>
    public SourceWriter()
    {
    }

    /// <summary>A writer for a block that will be placed at <paramref name="indent"/> levels (see <see cref="Append"/>).</summary>
    public SourceWriter(int indent) => _indent = indent;

    /// <summary>The current indentation level.</summary>
    public int IndentLevel => _indent;

    public void Line(string text = "")
    {
        if (text.Length > 0)
        {
            _sb.Append(' ', _indent * 4);
        }

        _sb.Append(text).Append('\n');
    }

    public void Open(string text)
    {
        Line(text);
        Line("{");
        _indent++;
    }

    public void Close(string suffix = "")
    {
        // A block never ends with a blank line, even when the last statement group asked for one after it.
        if (_sb.Length >= 2 && _sb[_sb.Length - 1] == '\n' && _sb[_sb.Length - 2] == '\n')
        {
            _sb.Length--;
        }

        _indent--;
        Line("}" + suffix);
    }

    /// <summary>Indents the following lines one more level (for statements under a <c>case</c> label).</summary>
    public void Indent() => _indent++;

    /// <summary>Undoes one <see cref="Indent"/>.</summary>
    public void Unindent() => _indent--;

    /// <summary>Appends text written by another writer (already indented and ending in a new line).</summary>
    public void Append(string text) => _sb.Append(text);

    public override string ToString() => _sb.ToString();
}
