using System.Linq;
using Microsoft.AspNetCore.ResponseCompression;
using Microsoft.Extensions.Options;

namespace Jsonable.AspNetCore.Internal;

/// <summary>Adds the JMC1 media type to response compression's list, for apps that use compression.</summary>
internal sealed class ResponseCompressionSetup : IPostConfigureOptions<ResponseCompressionOptions>
{
    public void PostConfigure(string? name, ResponseCompressionOptions options)
    {
        // An empty list means "the defaults" to the compression provider: start from them, or adding JMC1 alone
        // would turn compression off for JSON, HTML and every other default type.
        var mimeTypes = (options.MimeTypes is { } configured && configured.Any() ? configured : ResponseCompressionDefaults.MimeTypes).ToList();
        if (!mimeTypes.Contains(JsonableMediaTypes.Jmc1))
        {
            mimeTypes.Add(JsonableMediaTypes.Jmc1);
        }

        options.MimeTypes = mimeTypes;
    }
}
