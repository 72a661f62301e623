using Jsonable.AspNetCore.Formatters;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Microsoft.Net.Http.Headers;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Puts the Jsonable formatters in front of System.Text.Json's (never clearing the lists), so generated types go
/// through Jsonable and every other type, ProblemDetails included, still goes through STJ.
/// </summary>
internal sealed class JsonableMvcOptionsSetup : IConfigureOptions<MvcOptions>
{
    private readonly JsonableOptions _options;
    private readonly ILoggerFactory _loggerFactory;

    public JsonableMvcOptionsSetup(IOptions<JsonableOptions> options, ILoggerFactory loggerFactory)
    {
        _options = options.Value;
        _loggerFactory = loggerFactory;
    }

    public void Configure(MvcOptions options)
    {
        int input = IndexOf<SystemTextJsonInputFormatter, IInputFormatter>(options.InputFormatters);
        int output = IndexOf<SystemTextJsonOutputFormatter, IOutputFormatter>(options.OutputFormatters);

        // JSON before JMC1: a wildcard Accept (*/*, a browser's) then picks JSON.
        if (_options.EnableJmc1)
        {
            options.InputFormatters.Insert(input, new JsonableJmc1InputFormatter(_options, _loggerFactory.CreateLogger<JsonableJmc1InputFormatter>()));
            options.OutputFormatters.Insert(output, new JsonableJmc1OutputFormatter(_options, _loggerFactory.CreateLogger<JsonableJmc1OutputFormatter>()));
            options.FormatterMappings.SetMediaTypeMappingForFormat(JsonableMediaTypes.Jmc1Format, MediaTypeHeaderValue.Parse(JsonableMediaTypes.Jmc1));
        }

        if (_options.EnableJson)
        {
            options.InputFormatters.Insert(input, new JsonableJsonInputFormatter(_options, _loggerFactory.CreateLogger<JsonableJsonInputFormatter>()));
            options.OutputFormatters.Insert(output, new JsonableJsonOutputFormatter(_options, _loggerFactory.CreateLogger<JsonableJsonOutputFormatter>()));
        }

        if (_options.EnableJson)
        {
            // After JSON and JMC1: chosen only when Accept names JSON Lines, never for a wildcard.
            int lines = IndexOf<SystemTextJsonOutputFormatter, IOutputFormatter>(options.OutputFormatters);
            options.OutputFormatters.Insert(lines, new JsonableJsonLinesOutputFormatter(_options, _loggerFactory.CreateLogger<JsonableJsonLinesOutputFormatter>()));
        }

        // Streamed bodies (IAsyncEnumerable<T> of a generated type) first: the formatters above do not claim them.
        options.InputFormatters.Insert(input, new JsonableStreamInputFormatter(_options));

        if (options.FormatterMappings.GetMediaTypeMappingForFormat(JsonableMediaTypes.JsonFormat) is null)
        {
            options.FormatterMappings.SetMediaTypeMappingForFormat(JsonableMediaTypes.JsonFormat, MediaTypeHeaderValue.Parse(JsonableMediaTypes.Json));
        }

        // No global FormatFilter: it would answer 404 for ?format=csv on every action of the app. The filter below
        // honours ?format=jmc1|json only where a Jsonable type is written (the mappings above still serve an app's own
        // [FormatFilter]). One answer from both stacks: with ReturnHttpNotAcceptable, 406 problem details (q=0
        // honoured, checked before a POST's action runs), and problem details even when the client accepts only JMC1.
        options.Filters.Add(new NotAcceptableFilter(_options));
    }

    private static int IndexOf<TFormatter, TItem>(System.Collections.Generic.IList<TItem> formatters)
    {
        for (int i = 0; i < formatters.Count; i++)
        {
            if (formatters[i] is TFormatter)
            {
                return i;
            }
        }

        return 0;
    }
}
