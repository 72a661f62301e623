using Jsonable.AspNetCore.Formatters;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.ResponseCompression;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Jsonable.Integration.Tests.Registration;

/// <summary>What <c>AddJsonable()</c> registers, seen through the options an app resolves.</summary>
public sealed class AddJsonableTests
{
    [Fact]
    public void ResponseCompression_CoversTheJmc1MediaType_AndKeepsTheDefaults()
    {
        var services = new ServiceCollection();
        services.AddResponseCompression();
        services.AddJsonable();

        ResponseCompressionOptions options = services.BuildServiceProvider().GetRequiredService<IOptions<ResponseCompressionOptions>>().Value;

        Assert.Contains("application/jsonc+jmc1", options.MimeTypes);
        Assert.Contains("application/json", options.MimeTypes);
    }

    [Fact]
    public void Formatters_AreInsertedBeforeStj_WithoutClearingTheLists_AndOnlyOnce()
    {
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddControllers().AddJsonable();
        services.AddJsonable();

        MvcOptions mvc = services.BuildServiceProvider().GetRequiredService<IOptions<MvcOptions>>().Value;
        List<Type> output = mvc.OutputFormatters.Select(f => f.GetType()).ToList();
        List<Type> input = mvc.InputFormatters.Select(f => f.GetType()).ToList();

        Assert.True(output.IndexOf(typeof(JsonableJsonOutputFormatter)) < output.IndexOf(typeof(SystemTextJsonOutputFormatter)));
        Assert.True(output.IndexOf(typeof(JsonableJmc1OutputFormatter)) < output.IndexOf(typeof(SystemTextJsonOutputFormatter)));
        Assert.True(input.IndexOf(typeof(JsonableJsonInputFormatter)) < input.IndexOf(typeof(SystemTextJsonInputFormatter)));
        Assert.Single(output, t => t == typeof(JsonableJsonOutputFormatter));
        Assert.Contains(typeof(StringOutputFormatter), output);
        Assert.Equal("application/jsonc+jmc1", mvc.FormatterMappings.GetMediaTypeMappingForFormat("jmc1"));
    }
}
