// A Unity-profile client of the sample API (C# 9, netstandard2.0 libraries, run by Mono): reads a transform in JSON and
// in JMC1, creates one, PATCHes one property, then sends a generated delta, checking what the server answers each time.
//   dotnet run --project samples/WebApi                                   (in one terminal)
//   dotnet build samples/UnityClient && mono samples/UnityClient/bin/Debug/net48/Jsonable.Samples.UnityClient.exe http://localhost:5080
using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using Jsonable;
using Jsonable.Http;
using Jsonable.Samples.RealData;

namespace Jsonable.Samples.UnityClient
{
    internal static class Program
    {
        private static readonly JsonableHttpOptions s_json = new() { Format = JsonableFormat.Json };
        private static int s_failures;

        private static async Task<int> Main(string[] args)
        {
            var baseAddress = new Uri(args.Length > 0 ? args[0] : "http://localhost:5080");
            using var client = new HttpClient { BaseAddress = baseAddress };
            Console.WriteLine($"Unity-profile client on {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}, talking to {baseAddress}");
            try
            {
                await Run(client);
            }
            catch (JsonableProblemException problem)
            {
                Console.Error.WriteLine($"FAIL: the server answered {problem.StatusCode}: {problem.Message}");
                return 1;
            }
            catch (HttpRequestException unreachable)
            {
                Console.Error.WriteLine($"FAIL: cannot reach {baseAddress}: {unreachable.Message}");
                return 1;
            }

            Console.WriteLine(s_failures == 0 ? "All checks passed." : $"{s_failures} checks failed.");
            return s_failures == 0 ? 0 : 1;
        }

        private static async Task Run(HttpClient client)
        {
            // Read in both formats: the same transform, whatever the wire.
            using (HttpResponseMessage json = await client.GetJsonableAsync("api/transforms/1", s_json))
            using (HttpResponseMessage jmc1 = await client.GetJsonableAsync("api/transforms/1"))
            {
                Check("GET JSON answers application/json", json.Content.Headers.ContentType?.MediaType == "application/json", json.Content.Headers.ContentType);
                Check("GET JMC1 answers application/jsonc+jmc1", jmc1.Content.Headers.ContentType?.MediaType == JsonableMediaTypeNames.Jmc1, jmc1.Content.Headers.ContentType);
                Transform? fromJson = await json.ReadFromJsonableAsync<Transform>();
                Transform? fromJmc1 = await jmc1.ReadFromJsonableAsync<Transform>();
                Check("GET JSON and GET JMC1 read the same transform", fromJson is not null && fromJmc1 is not null && fromJson.ToJson() == fromJmc1.ToJson(), fromJmc1?.ToJson());
            }

            // Create one of our own, so that reruns and other clients do not matter.
            long id = 900_000 + (DateTime.UtcNow.Ticks % 100_000);
            var created = new Transform
            {
                Id = id,
                Name = "unity-client",
                Position = new[] { 1f, 2f, 3f },
                Rotation = new[] { 0f, 0f, 0f, 1f },
                Scale = new[] { 1f, 1f, 1f },
                Payload = new TransformPayload { Kind = "crate", Mass = 10, Dimensions = new TransformDimensions { Width = 1, Height = 2, Depth = 3 } },
                Tags = new List<string> { "mono" },
                Counters = new Dictionary<string, int> { ["hits"] = 0 },
            };
            using (HttpResponseMessage post = await client.PostAsJsonableAsync("api/transforms", created))
            {
                Check("POST (JMC1) creates it", post.StatusCode == HttpStatusCode.Created, post.StatusCode);
                Transform? echoed = await post.ReadFromJsonableAsync<Transform>();
                Check("POST answers the stored transform", echoed?.ToJson() == created.ToJson(), echoed?.ToJson());
            }

            string url = $"api/transforms/{id}";

            // PATCH one property: only the position goes on the wire (the bytes of ToJsonUtf8_Position).
            Transform moved = Copy(created);
            moved.Position = new[] { 4f, 5f, 6f };
            using (HttpResponseMessage patched = await client.PatchAsJsonableAsync(url, moved, nameof(Transform.Position)))
            {
                Transform? after = await patched.ReadFromJsonableAsync<Transform>();
                Check("PATCH of Position answers 200", patched.StatusCode == HttpStatusCode.OK, patched.StatusCode);
                Check("PATCH of Position changed only the position", after?.ToJson() == moved.ToJson(), after?.ToJson());
            }

            // A generated delta: the merge patch from what the server holds to what we want, members and keys alike.
            Transform wanted = Copy(moved);
            wanted.Rotation = new[] { 0f, 0.7071f, 0f, 0.7071f };
            wanted.Payload!.Mass = 12;
            wanted.Counters = new Dictionary<string, int> { ["hits"] = 1, ["misses"] = 2 };
            using (HttpResponseMessage delta = await client.PatchAsJsonableAsync(url, moved, wanted, s_json))
            {
                Transform? after = await delta.ReadFromJsonableAsync<Transform>();
                Check("PATCH of a generated delta (merge-patch+json) answers 200", delta.StatusCode == HttpStatusCode.OK, delta.StatusCode);
                Check("the delta made the server's transform the wanted one", after is not null && JsonableDelta.AreEqual(wanted, after), after?.ToJson());
            }

            // Read it back in JSON: the stored state, not just the PATCH response.
            Transform? stored = await client.GetFromJsonableAsync<Transform>(url, s_json);
            Check("GET after the PATCHes reads the wanted transform", stored is not null && stored.ToJson() == wanted.ToJson(), stored?.ToJson());
        }

        private static Transform Copy(Transform value) => Transform.CreateFromJsonable(value.ToJsonable().Span);

        private static void Check(string name, bool passed, object? got)
        {
            Console.WriteLine($"  {(passed ? "ok  " : "FAIL")} {name}{(passed ? string.Empty : $" (got {got})")}");
            if (!passed)
            {
                s_failures++;
            }
        }
    }
}
