namespace Jsonable.Generator;

/// <summary>
/// The minimal-API binding of a plain <c>[FromJson]</c> class (<see cref="Model.TypeModel.BindsMinimalApiBody"/>):
/// minimal APIs prefer a parameter type's static <c>BindAsync</c> to System.Text.Json's body binding, and ask an
/// <c>IEndpointParameterMetadataProvider</c> what the endpoint accepts, so <c>(Order order) =&gt; ...</c> reads JSON and
/// JMC1 with the generated reader. Both forward to Jsonable.AspNetCore's <c>JsonableBodyBinding</c>.
/// </summary>
internal sealed partial class Emitter
{
    private const string EndpointParameterMetadataProvider = "global::Microsoft.AspNetCore.Http.Metadata.IEndpointParameterMetadataProvider";
    private const string Binding = "global::Jsonable.AspNetCore.Http.JsonableBodyBinding";

    private void EmitMinimalApiBinding()
    {
        _w.Line("/// <summary>Binds a minimal-API body parameter of this type with the generated reader, in JSON or JMC1 by Content-Type; called by minimal APIs.</summary>");
        _w.Line("/// <param name=\"context\">The request's context.</param>");
        _w.Line("/// <param name=\"parameter\">The parameter being bound.</param>");
        _w.Line("/// <returns>The value; <see langword=\"null\"/> for an empty body or a JSON null.</returns>");
        _w.Line($"public static {New("BindAsync")}global::System.Threading.Tasks.ValueTask<{SelfType}?> BindAsync(global::Microsoft.AspNetCore.Http.HttpContext context, global::System.Reflection.ParameterInfo parameter) =>");
        _w.Line($"    {Binding}.BindAsync<{SelfType}>(context, parameter);");
        _w.Line();
        _w.Line("/// <summary>Tells routing and OpenAPI which request media types the body parameter accepts.</summary>");
        _w.Line("/// <param name=\"parameter\">The parameter.</param>");
        _w.Line("/// <param name=\"builder\">The endpoint being built.</param>");
        _w.Line($"static void {EndpointParameterMetadataProvider}.PopulateMetadata(global::System.Reflection.ParameterInfo parameter, global::Microsoft.AspNetCore.Builder.EndpointBuilder builder) =>");
        _w.Line($"    {Binding}.PopulateMetadata<{SelfType}>(parameter, builder);");
        _w.Line();
    }
}
