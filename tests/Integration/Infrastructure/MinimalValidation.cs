using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// The one <c>AddValidation()</c> call of this test assembly: .NET 10's validation source generator intercepts each
/// call site and fails the build ("hintName 'ValidatableInfoResolver.g.cs' must be unique") when there are two.
/// It finds the validated types from the endpoints, wherever they are mapped.
/// </summary>
internal static class MinimalValidation
{
    public static IServiceCollection AddMinimalValidation(this IServiceCollection services) => services.AddValidation();
}
