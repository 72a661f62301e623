namespace Jsonable.Integration.Tests.ScaleOut;

/// <summary>
/// A test that needs a Redis server. Skipped, with how to start one, when <see cref="ConnectionVariable"/> is not set
/// (a machine without Redis running the README's test command); with <c>JSONABLE_REQUIRE_REDIS=1</c> (CI sets it) it
/// runs anyway and fails, so CI can never skip it silently.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class RedisFactAttribute : FactAttribute
{
    /// <summary>A StackExchange.Redis configuration string (.ci/redis sets it).</summary>
    public const string ConnectionVariable = "JSONABLE_REDIS";

    /// <summary>The variable that turns the skip into a failure.</summary>
    public const string RequireVariable = "JSONABLE_REQUIRE_REDIS";

    /// <summary>Sets <see cref="FactAttribute.Skip"/> when no server is configured and none is required.</summary>
    public RedisFactAttribute()
    {
        if (ConnectionString is null && Environment.GetEnvironmentVariable(RequireVariable) != "1")
        {
            Skip = $"No Redis: {ConnectionVariable} is not set. Start a throwaway server with `eval \"$(bash .ci/redis start)\"` "
                + $"(or set {RequireVariable}=1 to make this a failure instead of a skip).";
        }
    }

    /// <summary>The value of <see cref="ConnectionVariable"/>, or null.</summary>
    public static string? ConnectionString =>
        Environment.GetEnvironmentVariable(ConnectionVariable) is { Length: > 0 } value ? value : null;
}
