using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Jsonable.Http;

/// <summary>
/// netstandard2.0 stand-ins, as extension members, for the .NET 5+ members the client calls: the call sites stay as they
/// are on net10.0 (where the real members win), and here resolve to these.
/// </summary>
internal static class HttpExtensions
{
    private static readonly HttpMethod s_patch = new("PATCH");

    extension(HttpMethod)
    {
        public static HttpMethod Patch => s_patch;
    }

    extension(HttpContent content)
    {
        public Task<Stream> ReadAsStreamAsync(CancellationToken cancellationToken) => content.ReadAsStreamAsync();

        public Task<string> ReadAsStringAsync(CancellationToken cancellationToken) => content.ReadAsStringAsync();

        public Task<byte[]> ReadAsByteArrayAsync(CancellationToken cancellationToken) => content.ReadAsByteArrayAsync();
    }

    extension(StringBuilder builder)
    {
        public StringBuilder AppendJoin(string separator, IEnumerable<string> values) => builder.Append(string.Join(separator, values));
    }
}
