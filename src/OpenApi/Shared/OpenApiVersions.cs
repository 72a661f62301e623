// One source, two builds: Jsonable.AspNetCore.OpenApi and Jsonable.AspNetCore.Swashbuckle build these rules against
// Microsoft.OpenApi 2.x, Jsonable.AspNetCore.Swashbuckle11 against 3.x (OPENAPI3), where a body's media types are
// IOpenApiMediaType (a media type may be a reference to a component, which the rules leave as it is).
#if OPENAPI3
global using JsonableMediaType = Microsoft.OpenApi.IOpenApiMediaType;
#else
global using JsonableMediaType = Microsoft.OpenApi.OpenApiMediaType;
#endif

using Microsoft.OpenApi;

namespace Jsonable.AspNetCore.Documentation;

/// <summary>What differs between the Microsoft.OpenApi majors the rules are built against.</summary>
internal static class OpenApiVersions
{
    /// <summary>The Microsoft.OpenApi major these rules were compiled against.</summary>
#if OPENAPI3
    internal const int MicrosoftOpenApiMajor = 3;
#else
    internal const int MicrosoftOpenApiMajor = 2;
#endif

    /// <summary>The media type as an object the rules can change, or null for a reference to a shared one (3.x only).</summary>
    internal static OpenApiMediaType? Editable(this JsonableMediaType? mediaType) => mediaType as OpenApiMediaType;
}
