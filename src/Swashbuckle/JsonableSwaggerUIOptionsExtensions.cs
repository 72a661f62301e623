using System;
using System.IO;
using System.Reflection;
using Swashbuckle.AspNetCore.SwaggerUI;

namespace Jsonable.AspNetCore.Swashbuckle;

/// <summary>Turns on Jsonable's Swagger UI plugin: <c>app.UseSwaggerUI(o => o.EnableJsonable())</c>.</summary>
public static class JsonableSwaggerUIOptionsExtensions
{
    private const string PluginName = "JsonableSwaggerUI.plugin";
    private static readonly Lazy<string> s_script = new(ReadScript);

    /// <summary>
    /// Shows JMC1 responses with their header and length comments spelled out (<c>/*JMC1*/{ /*n=8*/"metadata": ...</c>),
    /// lets Download save the bytes received, shows JMC1 request examples the same way, and sends a JMC1 request body
    /// as real JMC1. The script is written into the page itself (nothing is fetched from a CDN); the app's own request
    /// and response interceptors, if any, still run after Jsonable's.
    /// </summary>
    /// <param name="options">Swagger UI's options.</param>
    /// <returns><paramref name="options"/>.</returns>
    public static SwaggerUIOptions EnableJsonable(this SwaggerUIOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (options.HeadContent?.Contains("JsonableSwaggerUI", StringComparison.Ordinal) == true)
        {
            return options;
        }

        options.HeadContent += "<script>\n" + s_script.Value + "\n</script>\n";
        options.ConfigObject.Plugins = [.. options.ConfigObject.Plugins ?? [], PluginName];
        options.Interceptors.RequestInterceptorFunction = Chain("JsonableSwaggerUI.requestInterceptor", options.Interceptors.RequestInterceptorFunction);
        options.Interceptors.ResponseInterceptorFunction = Chain("JsonableSwaggerUI.responseInterceptor", options.Interceptors.ResponseInterceptorFunction);
        return options;
    }

    /// <summary>A function Swashbuckle's page can parse (<c>function (x) { ... }</c>) running Jsonable's step, then the app's.</summary>
    private static string Chain(string jsonableStep, string? appFunction) => string.IsNullOrWhiteSpace(appFunction)
        ? $"function (r) {{ return {jsonableStep}(r); }}"
        : $"function (r) {{ return Promise.resolve({jsonableStep}(r)).then(function (x) {{ return ({appFunction})(x); }}); }}";

    private static string ReadScript()
    {
        using Stream stream = typeof(JsonableSwaggerUIOptionsExtensions).Assembly.GetManifestResourceStream("Jsonable.AspNetCore.Swashbuckle.jsonable-swagger-ui.js")
            ?? throw new InvalidOperationException("The Jsonable Swagger UI script is missing from " + typeof(JsonableSwaggerUIOptionsExtensions).Assembly.FullName);
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }
}
