using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Jsonable.AspNetCore.SignalR;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;

namespace Jsonable.SignalR.MonoClient
{
    /// <summary>
    /// Calls samples/AotApi's TodoHub (<c>/hub</c>) with SignalR's .NET client on this runtime (Mono in CI), once per
    /// protocol and transport: <c>mono Jsonable.SignalR.MonoClient.exe http://127.0.0.1:port/hub</c>. Prints one line
    /// per check; exits 1 if any failed.
    /// </summary>
    public static class Program
    {
        private static int s_failed;

        public static async Task<int> Main(string[] args)
        {
            if (args.Length != 1)
            {
                Console.Error.WriteLine("usage: Jsonable.SignalR.MonoClient <hub url>");
                return 2;
            }

            Console.WriteLine($"runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}");
            int id = 50;
            foreach ((string protocol, HttpTransportType transport) in new[]
            {
                ("json", HttpTransportType.WebSockets),
                ("json", HttpTransportType.LongPolling),
                ("jmc1", HttpTransportType.WebSockets),
                ("jmc1", HttpTransportType.LongPolling),
            })
            {
                await RunAsync(args[0], protocol, transport, id++);
            }

            Console.WriteLine(s_failed == 0 ? "SignalR on this runtime: every check passed" : $"SignalR on this runtime: {s_failed} check(s) failed");
            return s_failed == 0 ? 0 : 1;
        }

        private static async Task RunAsync(string url, string protocol, HttpTransportType transport, int id)
        {
            IHubConnectionBuilder builder = new HubConnectionBuilder().WithUrl(url, transport);
            builder = protocol == "json" ? builder.AddJsonableProtocol() : builder.AddJsonableJmc1Protocol();
            HubConnection connection = builder.Build();
            string name = protocol + " " + transport;
            try
            {
                await connection.StartAsync();
                var sent = new Todo { Id = id, Title = "mono ü", Tags = new List<string> { "a", "b" } };
                Todo put = await connection.InvokeAsync<Todo>("Put", sent);
                Check(name, "Put", Describe(put), $"{id}|mono ü||False|a,b");
                Todo? got = await connection.InvokeAsync<Todo?>("Get", id);
                Check(name, "Get", Describe(got), $"{id}|mono ü||False|a,b");
                Todo? first = await connection.InvokeAsync<Todo?>("Get", 1);
                Check(name, "Get a date", first?.DueBy ?? "(none)", "2025-01-02");
                Todo? missing = await connection.InvokeAsync<Todo?>("Get", 999);
                Check(name, "Get missing", missing is null ? "null" : Describe(missing), "null");

                var listed = new List<int>();
                await foreach (Todo item in connection.StreamAsync<Todo>("List"))
                {
                    listed.Add(item.Id);
                }

                Check(name, "List stream has 1, 2 and the put", listed.Contains(1) && listed.Contains(2) && listed.Contains(id) ? "yes" : string.Join(",", listed), "yes");

                string refused;
                try
                {
                    await connection.InvokeAsync<Todo>("Refuse", "x");
                    refused = "no error";
                }
                catch (HubException e)
                {
                    refused = e.Message;
                }

                Check(name, "HubException", refused, "An unexpected error occurred invoking 'Refuse' on the server.");
            }
            catch (Exception e)
            {
                s_failed++;
                Console.WriteLine($"FAIL {name}: {e.GetType().Name}: {e.Message}");
            }
            finally
            {
                await connection.DisposeAsync();
            }
        }

        private static string Describe(Todo? t) =>
            t is null ? "null" : $"{t.Id}|{t.Title}|{t.DueBy}|{t.IsComplete}|{string.Join(",", t.Tags ?? new List<string>())}";

        private static void Check(string name, string what, string actual, string expected)
        {
            if (actual == expected)
            {
                Console.WriteLine($"ok   {name} {what}: {actual}");
            }
            else
            {
                s_failed++;
                Console.WriteLine($"FAIL {name} {what}: expected {expected}, got {actual}");
            }
        }
    }
}
