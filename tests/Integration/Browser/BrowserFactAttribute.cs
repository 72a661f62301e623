namespace Jsonable.Integration.Tests.Browser;

/// <summary>
/// A test that drives Debian's Chromium. Skipped, with the command that installs it, where Chromium is missing
/// (a fresh machine running the README's test command); with <c>JSONABLE_REQUIRE_BROWSER=1</c> (CI sets it) it runs
/// anyway and fails, so CI can never skip it silently.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class BrowserFactAttribute : FactAttribute
{
    /// <summary>Where Debian's chromium package puts the browser.</summary>
    public const string ChromiumPath = "/usr/bin/chromium";

    /// <summary>The variable that turns the skip into a failure.</summary>
    public const string RequireVariable = "JSONABLE_REQUIRE_BROWSER";

    /// <summary>Sets <see cref="FactAttribute.Skip"/> when Chromium is missing and not required.</summary>
    public BrowserFactAttribute()
    {
        if (!File.Exists(ChromiumPath) && Environment.GetEnvironmentVariable(RequireVariable) != "1")
        {
            Skip = $"Chromium is not installed at {ChromiumPath}; install it with `sudo apt-get install -y chromium` " +
                $"(or set {RequireVariable}=1 to make this a failure instead of a skip).";
        }
    }
}
