using Microsoft.AspNetCore.Http;
using Jsonable.Metadata;

namespace Jsonable.AspNetCore;

/// <summary>Options of the ASP.NET Core integration, set with <c>services.AddJsonable(options =&gt; ...)</c>.</summary>
/// <remarks>Member names on the wire are chosen at compile time (see <see cref="JsonableGenerationOptionsAttribute"/>), not here.</remarks>
public sealed class JsonableOptions
{
    /// <summary>The deepest nesting read or written before the request (400) or response fails. Default 64.</summary>
    public int MaxDepth { get; set; } = 64;

    /// <summary>
    /// How many objects, arrays and dictionaries a request body may hold per 1,024 bytes, on top of a fixed
    /// allowance of 1,000 (see <see cref="JsonableReaderOptions.MaxContainersPerKilobyte"/>); past it the request
    /// fails with 400. It stops small bodies of empty objects from materializing many times their size. Default 128.
    /// </summary>
    public int MaxContainersPerKilobyte { get; set; } = 128;

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
    /// (<c>MaxDepth</c>, <c>PropertyNameCaseInsensitive</c>, <c>UnmappedMemberHandling</c>,
    /// <c>AllowInputFormatterExceptionMessages</c>) are applied to these options unless set here, and a global
    /// <c>JsonStringEnumConverter</c> names enums on its stack as it does. Default true.
    /// </summary>
    public bool FailOnJsonOptionsMismatch { get; set; } = true;

    /// <summary>The enum names a global <c>JsonStringEnumConverter</c> in MVC's JSON options asks for (set from them at startup).</summary>
    internal JsonableEnumNames? MvcEnumNames { get; set; }

    /// <summary>The enum names a global <c>JsonStringEnumConverter</c> in minimal APIs' JSON options asks for.</summary>
    internal JsonableEnumNames? HttpEnumNames { get; set; }

    /// <summary>Reader options for the stack that serves <paramref name="context"/>'s endpoint (each reads enums as its JSON options say).</summary>
    internal JsonableReaderOptions CreateReaderOptions(HttpContext context) => CreateReaderOptions(IsMvc(context));

    /// <summary>Reader options for MVC (<paramref name="mvc"/>) or minimal APIs.</summary>
    internal JsonableReaderOptions CreateReaderOptions(bool mvc) => new()
    {
        MaxDepth = MaxDepth,
        MaxContainersPerKilobyte = MaxContainersPerKilobyte,
        UnknownMemberHandling = UnknownMemberHandling,
        PropertyNameCaseInsensitive = PropertyNameCaseInsensitive,
        EnumNames = mvc ? MvcEnumNames : HttpEnumNames,
    };

    /// <summary>Writer options for the stack that serves <paramref name="context"/>'s endpoint.</summary>
    internal JsonableWriterOptions CreateWriterOptions(HttpContext context) => CreateWriterOptions(IsMvc(context));

    /// <summary>Writer options for MVC (<paramref name="mvc"/>) or minimal APIs.</summary>
    internal JsonableWriterOptions CreateWriterOptions(bool mvc) => new() { MaxDepth = MaxDepth, EnumNames = mvc ? MvcEnumNames : HttpEnumNames };

    /// <summary>Whether an MVC action serves the request (its endpoint carries the action), so MVC's JSON options apply.</summary>
    private static bool IsMvc(HttpContext context) =>
        context.GetEndpoint()?.Metadata.GetMetadata<Microsoft.AspNetCore.Mvc.Abstractions.ActionDescriptor>() is not null;
}
