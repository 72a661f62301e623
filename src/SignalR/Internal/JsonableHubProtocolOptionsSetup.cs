using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.Options;

namespace Jsonable.AspNetCore.SignalR.Internal;

/// <summary>
/// Puts the generated-code resolver first in the chain of <see cref="JsonHubProtocolOptions.PayloadSerializerOptions"/>,
/// after the app's own configuration (a post-configuration, so an app that replaces the options object still gets it).
/// </summary>
internal sealed class JsonableHubProtocolOptionsSetup : IPostConfigureOptions<JsonHubProtocolOptions>
{
#if NET
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification = "Only where JsonSerializer.IsReflectionEnabledByDefault, a feature switch trimmed and AOT apps set to false; SignalR's own protocol relies on the same switch.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("AOT", "IL3050:RequiresDynamicCode", Justification = "See above.")]
#endif
    public void PostConfigure(string? name, JsonHubProtocolOptions options)
    {
        JsonSerializerOptions payload = options.PayloadSerializerOptions;
        if (payload.TypeInfoResolverChain.Contains(HubTypeInfoResolver.Instance))
        {
            return;
        }

        if (payload.TypeInfoResolverChain.Count == 0 && JsonSerializer.IsReflectionEnabledByDefault)
        {
            // No resolver yet means System.Text.Json's reflection one where the app allows it: keep it behind ours.
            payload.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver());
        }

        payload.TypeInfoResolverChain.Insert(0, HubTypeInfoResolver.Instance);
    }
}
