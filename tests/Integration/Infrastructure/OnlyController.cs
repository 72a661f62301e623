using System.Reflection;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// Adds one controller to a test app: an internal test controller is not discovered on its own, and adding only it keeps
/// the app from picking up every other controller in the test assembly.
/// </summary>
/// <typeparam name="TController">The controller.</typeparam>
internal sealed class OnlyController<TController> : IApplicationFeatureProvider<ControllerFeature>
{
    public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature) => feature.Controllers.Add(typeof(TController).GetTypeInfo());
}
