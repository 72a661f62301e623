using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace Jsonable.Generator.Tests.Infrastructure;

/// <summary>
/// Source text with <c>[|...|]</c> around the spans a diagnostic must point at (the Roslyn test convention).
/// </summary>
internal sealed class Markup
{
    private Markup(string source, IReadOnlyList<TextSpan> spans)
    {
        Source = source;
        Spans = spans;
    }

    /// <summary>The source without the markers.</summary>
    public string Source { get; }

    /// <summary>The marked spans, in order, as positions in <see cref="Source"/>.</summary>
    public IReadOnlyList<TextSpan> Spans { get; }

    /// <summary>The single marked span.</summary>
    public TextSpan Span => Spans.Count == 1 ? Spans[0] : throw new System.InvalidOperationException($"Expected one marked span, found {Spans.Count}.");

    /// <summary>The line/column span of <paramref name="span"/> in <see cref="Source"/>.</summary>
    public LinePositionSpan LineSpan(TextSpan span) => SourceText.From(Source).Lines.GetLinePositionSpan(span);

    public static Markup Parse(string markup)
    {
        var text = new StringBuilder();
        var spans = new List<TextSpan>();
        int start = -1;
        for (int i = 0; i < markup.Length; i++)
        {
            if (string.CompareOrdinal(markup, i, "[|", 0, 2) == 0)
            {
                start = text.Length;
                i++;
            }
            else if (string.CompareOrdinal(markup, i, "|]", 0, 2) == 0)
            {
                spans.Add(TextSpan.FromBounds(start, text.Length));
                i++;
            }
            else
            {
                text.Append(markup[i]);
            }
        }

        return new Markup(text.ToString(), spans);
    }
}
