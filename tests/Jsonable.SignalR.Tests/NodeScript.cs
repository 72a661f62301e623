using System.Diagnostics;

namespace Jsonable.SignalR.Tests;

/// <summary>Runs one of the JavaScript client scripts in <c>js/</c> under node (see <see cref="NodeTheoryAttribute"/>).</summary>
internal static class NodeScript
{
    /// <summary>Runs <paramref name="script"/> with the hub's URL and a transport name, and returns what it printed; fails the test on a non-zero exit.</summary>
    public static async Task<string> RunAsync(string script, string url, string transport)
    {
        using Process node = Start(script, url, transport);
        node.StandardInput.Close(); // these scripts take nothing on stdin
        Task<string> output = node.StandardOutput.ReadToEndAsync();
        Task<string> error = node.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        try
        {
            await node.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            node.Kill(entireProcessTree: true);
            throw;
        }

        Assert.True(node.ExitCode == 0, "node exited with " + node.ExitCode + ": " + await error + await output);
        return await output;
    }

    /// <summary>Starts <paramref name="script"/> with its standard streams redirected, for a test that talks to it while it runs.</summary>
    public static Process Start(string script, params string[] arguments) => Process.Start(new ProcessStartInfo("node", [script, .. arguments])
    {
        WorkingDirectory = NodeTheoryAttribute.ScriptDirectory(),
        RedirectStandardInput = true,
        RedirectStandardOutput = true,
        RedirectStandardError = true,
    })!;
}
