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

        // Presence first: IndexOf of a missing formatter is -1, which would otherwise count as "before STJ".
        AssertOnceBefore(output, typeof(JsonableJsonOutputFormatter), typeof(SystemTextJsonOutputFormatter));
        AssertOnceBefore(output, typeof(JsonableJmc1OutputFormatter), typeof(SystemTextJsonOutputFormatter));
        AssertOnceBefore(input, typeof(JsonableJsonInputFormatter), typeof(SystemTextJsonInputFormatter));
        AssertOnceBefore(input, typeof(JsonableJmc1InputFormatter), typeof(SystemTextJsonInputFormatter));
        Assert.Contains(typeof(StringOutputFormatter), output);
        Assert.Equal("application/jsonc+jmc1", mvc.FormatterMappings.GetMediaTypeMappingForFormat("jmc1"));
    }

    /// <summary>Both formatters registered, <paramref name="jsonable"/> exactly once and ahead of <paramref name="stj"/>.</summary>
    private static void AssertOnceBefore(List<Type> formatters, Type jsonable, Type stj)
    {
        string list = string.Join(", ", formatters.Select(t => t.Name));
        Assert.Single(formatters, t => t == jsonable);
        Assert.Single(formatters, t => t == stj);
        Assert.True(formatters.IndexOf(jsonable) < formatters.IndexOf(stj), $"{jsonable.Name} is not before {stj.Name}: {list}");
    }
}
