using Microsoft.OpenApi;

namespace Jsonable.Integration.Swashbuckle10Alone.Tests;

/// <summary>What this project stands for: Swashbuckle 10's adapter on the Microsoft.OpenApi an app without Microsoft.AspNetCore.OpenApi restores.</summary>
public sealed class MicrosoftOpenApiVersionTests
{
    [Fact]
    public void Microsoft_OpenApi_is_the_adapter_s_floor_not_the_one_Microsoft_AspNetCore_OpenApi_brings()
    {
        Version loaded = typeof(OpenApiDocument).Assembly.GetName().Version!;
        Assert.Equal(2, loaded.Major);
        Assert.True(loaded.Minor < 12, $"Microsoft.OpenApi {loaded}: tests/Integration already covers 2.12 and later");
    }
}
