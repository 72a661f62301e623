using Jsonable.AspNetCore.Internal;
using Jsonable.Internal;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore;

/// <summary>Options of the ASP.NET Core integration, set with <c>services.AddJsonable(options =&gt; ...)</c>.</summary>
/// <remarks>Member names on the wire are chosen at compile time (see <see cref="JsonableGenerationOptionsAttribute"/>), not here.</remarks>
public sealed class JsonableOptions
{
    /// <summary>
    /// The deepest nesting read or written before the request (400) or response fails, on both stacks. Unset, each stack
    /// keeps its own System.Text.Json limit, as it does without Jsonable: MVC's <c>JsonOptions</c> (32 unless
    /// <c>AddJsonOptions</c> sets <c>MaxDepth</c>) and minimal APIs' (64 unless <c>ConfigureHttpJsonOptions</c> sets it);
    /// read unset, it is 64. Any value set here, 64 included, applies to both stacks.
    /// </summary>
    public int MaxDepth
    {
        get => _maxDepth;
        set
        {
            _maxDepth = value;
            IsMaxDepthSet = true;
        }
    }

    /// <summary>Whether the app set <see cref="MaxDepth"/> (else each stack's System.Text.Json depth applies).</summary>
    internal bool IsMaxDepthSet { get; private set; }

    /// <summary>What a request body member that matches no member does. Default: skipped.</summary>
    public JsonableUnknownMemberHandling UnknownMemberHandling { get; set; }

    /// <summary>Whether request member names match case-insensitively after an exact miss (ASP.NET Core's web default). Default true.</summary>
    public bool PropertyNameCaseInsensitive { get; set; } = true;

    /// <summary>
    /// Responses smaller than this are buffered whole and sent with <c>Content-Length</c>; larger ones start (status and
    /// headers sent) when they pass this size and are streamed (chunked), and an <c>IAsyncEnumerable</c> is flushed
    /// whenever it waits.
    /// Default 32 KiB.
    /// </summary>
    public int ResponseBufferSize { get; set; } = 32 * 1024;

    /// <summary>
    /// The largest item a request body read item by item (<see cref="Http.JsonableStream{T}"/>, an MVC
    /// <c>IAsyncEnumerable&lt;T&gt;</c> parameter) may hold, in bytes; a larger one is a 413. The stream holds one item
    /// at a time, so this bounds its memory; the whole body is bounded by the server's request body limit. Default 16 MiB.
    /// </summary>
    public int MaxStreamItemBytes { get; set; } = JsonableStreamReaderOptions.DefaultMaxItemBytes;

    /// <summary>Whether <c>application/jsonc+jmc1</c> is read and written. Default true.</summary>
    public bool EnableJmc1 { get; set; } = true;

    /// <summary>Whether Jsonable reads and writes <c>application/json</c> for generated types (else STJ keeps doing it). Default true.</summary>
    public bool EnableJson { get; set; } = true;

    /// <summary>Whether a malformed body's error message (reason, path, byte offset) reaches the client. Default true, as in STJ's formatter.</summary>
    public bool AllowInputFormatterExceptionMessages { get; set; } = true;

    /// <summary>
    /// Whether MVC actions whose result is a Jsonable type honour <c>?format=jmc1|json</c> (that format, whatever
    /// <c>Accept</c> says). Other actions, and results of other types, ignore the query, as they do without Jsonable.
    /// Minimal APIs' Jsonable results always honour it. Default true.
    /// </summary>
    public bool MapFormatQueryParameter { get; set; } = true;

    /// <summary>
    /// Whether Jsonable's minimal-API results and body parameters (<c>JsonableResults</c>, <c>JsonableBody&lt;T&gt;</c>)
    /// answer 406 Not Acceptable when the <c>Accept</c> header (or <c>?format=</c>) allows neither JSON nor JMC1 — before
    /// the handler runs for a request with a body. Default false: such a request gets JSON
    /// (<c>application/json</c>), the status System.Text.Json answers. The minimal-API twin of MVC's
    /// <c>MvcOptions.ReturnHttpNotAcceptable</c>, which MVC actions follow.
    /// </summary>
    public bool ReturnHttpNotAcceptable { get; set; }

    /// <summary>
    /// Whether a <see cref="Http.JsonablePatch{T}"/> request must carry <c>If-Match</c> (428 Precondition Required when it
    /// does not), so that no client can overwrite a change it has not seen. Default false.
    /// </summary>
    public bool RequireIfMatchForPatch { get; set; }

    /// <summary>
    /// Whether every Jsonable 2xx response gets an entity tag per representation and GET/HEAD answer
    /// <c>If-None-Match</c> with 304, as <see cref="JsonableETagAttribute"/> and <c>WithJsonableETag()</c> do for one
    /// endpoint. Default false: a computed tag costs a hash of each buffered body, and only the app knows which
    /// resources are stable enough to be revalidated.
    /// </summary>
    public bool ETags { get; set; }

    /// <summary>
    /// Whether the host fails to start when the app's JSON options (<c>AddJsonOptions</c>, <c>ConfigureHttpJsonOptions</c>)
    /// ask for something Jsonable's generated code does not do — a naming policy other than the one the generated code
    /// was compiled with, a converter other than <c>JsonStringEnumConverter</c>, <c>DefaultIgnoreCondition</c>, ... — so that one API
    /// never answers in two styles. The exception names each setting and the Jsonable setting that matches it. When
    /// false, each difference is logged as a warning at startup instead. Settings Jsonable can honour at run time
    /// (<c>PropertyNameCaseInsensitive</c>, <c>UnmappedMemberHandling</c>, <c>AllowInputFormatterExceptionMessages</c>)
    /// are applied to these options unless set here; each stack keeps its own <c>MaxDepth</c> (see <see cref="MaxDepth"/>),
    /// and a global <c>JsonStringEnumConverter</c> names enums on its stack as it does. Default true.
    /// </summary>
    public bool FailOnJsonOptionsMismatch { get; set; } = true;

    /// <summary>
    /// Each stack's reader and writer options, made once when these options are (from the app's JSON options); options
    /// made by hand (tests) get each stack's defaults when first asked.
    /// </summary>
    internal JsonableStacks Stacks
    {
        get => _stacks ??= JsonableStacks.Create(this, mvc: null, minimal: null);
        set => _stacks = value;
    }

    private int _maxDepth = JsonableLimits.DefaultMaxDepth;
    private JsonableStacks? _stacks;
}
