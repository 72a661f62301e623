using System.Runtime.CompilerServices;

namespace Jsonable.SignalR.Tests;

/// <summary>
/// A test that runs the JavaScript client under node. Skipped, with the command that fixes it, where node or the npm
/// packages are missing (a fresh machine running the README's test command); with <c>JSONABLE_REQUIRE_NODE=1</c> (CI
/// sets it after `npm ci`) it runs anyway and fails, so CI can never skip it silently.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class NodeTheoryAttribute : TheoryAttribute
{
    /// <summary>The variable that turns the skip into a failure.</summary>
    public const string RequireVariable = "JSONABLE_REQUIRE_NODE";

    /// <summary>Sets <see cref="FactAttribute.Skip"/> when the client's packages are missing and not required.</summary>
    public NodeTheoryAttribute()
    {
        if (!Directory.Exists(Path.Combine(ScriptDirectory(), "node_modules", "@microsoft", "signalr"))
            && Environment.GetEnvironmentVariable(RequireVariable) != "1")
        {
            Skip = $"@microsoft/signalr is not installed: run `npm ci` in {ScriptDirectory()} (needs node), or set {RequireVariable}=1 to make this a failure instead of a skip.";
        }
    }

    /// <summary>The folder of the client script and its package.json.</summary>
    public static string ScriptDirectory([CallerFilePath] string path = "") => Path.Combine(Path.GetDirectoryName(path)!, "js");
}
