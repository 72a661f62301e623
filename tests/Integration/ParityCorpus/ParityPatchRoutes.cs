using Jsonable.AspNetCore.Http;
using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Routing;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// <c>PATCH {stack}/orders/{id}</c> in both flavours. With Jsonable the app binds a <see cref="JsonablePatch{T}"/>
/// (as docs/partial-updates.md shows); without it, the app does by hand what System.Text.Json leaves to it
/// (<see cref="StjMergePatch"/>). Both check <c>If-Match</c> against the order's version.
/// </summary>
internal static class ParityPatchRoutes
{
    public static void MapMinimal(RouteGroupBuilder orders, ParityFlavour flavour)
    {
        if (flavour == ParityFlavour.Jsonable)
        {
            orders.MapPatch("/{id:int}", Results<Ok<ParityOrder>, NotFound> (int id, JsonablePatch<ParityOrder> patch, ParityOrderStore store) =>
                TypedResults.Ok(Apply(id, patch, store)));
        }
        else
        {
            orders.MapPatch("/{id:int}", (int id, HttpContext context, ParityOrderStore store) => StjMergePatch.PatchAsync(context, id, store));
        }
    }

    /// <summary>What both Jsonable routes run: If-Match against the stored version, then the atomic, validated merge.</summary>
    public static ParityOrder Apply(int id, JsonablePatch<ParityOrder> patch, ParityOrderStore store)
    {
        lock (store)
        {
            (ParityOrder order, string etag) = store.Patchable(id);
            patch.CheckIfMatch(etag);
            patch.ApplyTo(order);
            store.ReplacePatchable(id, order);
            return order;
        }
    }

    /// <summary>
    /// Adds the MVC PATCH controller of the flavour. Both answer the same route, so neither is public: MVC would find
    /// them in every app that adds this assembly as a part (an OpenAPI document would then see two actions for one path).
    /// </summary>
    public sealed class FlavourPatchController(ParityFlavour flavour) : IApplicationFeatureProvider<ControllerFeature>
    {
        public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature) =>
            feature.Controllers.Add((flavour == ParityFlavour.Jsonable ? typeof(ParityJsonablePatchController) : typeof(ParityStjPatchController)).GetTypeInfo());
    }
}

/// <summary>The MVC PATCH action of the app with Jsonable.</summary>
[ApiController]
[Route("mvc/orders")]
internal sealed class ParityJsonablePatchController(ParityOrderStore store) : ControllerBase
{
    [HttpPatch("{id:int}")]
    public ActionResult<ParityOrder> Patch(int id, JsonablePatch<ParityOrder> patch) => ParityPatchRoutes.Apply(id, patch, store);
}

/// <summary>The MVC PATCH action of the app without Jsonable: the same hand-written merge as its minimal route.</summary>
[ApiController]
[Route("mvc/orders")]
internal sealed class ParityStjPatchController(ParityOrderStore store) : ControllerBase
{
    [HttpPatch("{id:int}")]
    public Task<IResult> Patch(int id) => StjMergePatch.PatchAsync(HttpContext, id, store);
}
