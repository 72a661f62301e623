using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Jsonable.Generator.Model;

/// <summary>A source location as plain values (a <see cref="Location"/> holds a syntax tree, which breaks caching).</summary>
internal sealed record LocationInfo(string FilePath, TextSpan TextSpan, LinePositionSpan LineSpan)
{
    public Location ToLocation() => Location.Create(FilePath, TextSpan, LineSpan);

    public static LocationInfo? From(Location? location)
    {
        if (location is null || location.SourceTree is null)
        {
            return null;
        }

        return new LocationInfo(location.SourceTree.FilePath, location.SourceSpan, location.GetLineSpan().Span);
    }
}
