using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using Jsonable;
using Jsonable.Samples.RealData;
using Jsonable.Tests.Shared;

namespace Jsonable.Soak;

/// <summary>The request mix: about two thirds valid reads and writes, one third hostile bodies and headers.</summary>
internal sealed class SoakRequests
{
    private const string Json = "application/json";
    private const string Jmc1Type = "application/jsonc+jmc1";
    private const int IdPool = 200; // POSTs upsert within a fixed set of ids, so the store (and RSS) stays bounded

    private readonly Status[] _statuses;
    private readonly byte[] _twitterJmc1;
    private readonly (string Kind, int Weight, Func<Random, HttpRequestMessage> Create)[] _mix;
    private readonly int _totalWeight;

    public SoakRequests(string dataDirectory)
    {
        TwitterRoot twitter = TwitterRoot.CreateFromJson(File.ReadAllBytes(Path.Combine(dataDirectory, "twitter.json")));
        _statuses = twitter.statuses!.ToArray();
        _twitterJmc1 = twitter.ToJsonable().ToArray();
        long firstId = _statuses.Min(s => s.id);

        _mix =
        [
            ("valid GET list json", 10, _ => Get("/minimal/statuses?limit=20", Json)),
            ("valid GET list jmc1", 10, _ => Get("/api/statuses?limit=20", Jmc1Type)),
            ("valid GET one", 10, _ => Get($"/api/statuses/{firstId}", Json)),
            ("valid POST json", 10, r => Post(r.Next(2) == 0 ? "/minimal/statuses" : "/api/statuses", Json, StatusJson(r))),
            ("valid POST jmc1", 10, r => Post(r.Next(2) == 0 ? "/minimal/statuses" : "/api/statuses", Jmc1Type, StatusJmc1(r))),
            ("valid echo twitter jmc1", 1, _ => Post("/minimal/twitter/echo", Jmc1Type, _twitterJmc1, Jmc1Type)),
            ("hostile truncated", 4, r => { byte[] b = StatusJmc1(r); return Post("/api/statuses", Jmc1Type, b[..r.Next(b.Length)]); }),
            ("hostile byte mutations", 6, r => Post("/minimal/statuses", r.Next(2) == 0 ? Json : Jmc1Type, Mutate(r.Next(2) == 0 ? StatusJson(r) : StatusJmc1(r), r))),
            ("hostile lone surrogate", 2, _ => Post("/api/statuses", Json, Encoding.UTF8.GetBytes("{\"id\":1,\"text\":\"x\\ud800y\"}"))),
            ("hostile misplaced comment", 2, _ => Post("/minimal/statuses", Jmc1Type, Jmc1Oracle.Build("/*JMC1*/{\"id\":", 1, "1}"))),
            ("hostile lying count", 2, _ => Post("/api/statuses", Jmc1Type, Jmc1Oracle.Build("/*JMC1*/{\"id\":1,\"entities\":/*JMC1*/{\"hashtags\":", 32207, "[]}}"))),
            ("hostile deep nesting", 2, _ => Post("/minimal/statuses", Json, Encoding.ASCII.GetBytes("{\"x\":" + new string('[', 100_000)))),
            ("hostile empty objects", 2, _ => Post("/api/statuses", Json, Encoding.ASCII.GetBytes("{\"entities\":{\"media\":[" + string.Join(",", Enumerable.Repeat("{}", 100_000)) + "]}}"))),
            ("hostile invalid UTF-8", 2, _ => Post("/minimal/statuses", Json, Jmc1Oracle.Build("{\"id\":1,\"text\":\"", new byte[] { 0xC3, 0x28 }, "\"}"))),
            ("hostile content type", 2, r => Post("/api/statuses", "text/plain", StatusJson(r))),
            ("hostile unsatisfiable Accept", 2, _ => Get("/api/statuses?limit=1", "image/png")),
            ("hostile empty body", 2, _ => Post("/minimal/statuses", Json, [])),
        ];
        _totalWeight = _mix.Sum(m => m.Weight);
    }

    public (string Kind, HttpRequestMessage Request) Next(Random random)
    {
        int pick = random.Next(_totalWeight);
        foreach ((string kind, int weight, Func<Random, HttpRequestMessage> create) in _mix)
        {
            if (pick < weight)
            {
                return (kind, create(random));
            }

            pick -= weight;
        }

        throw new InvalidOperationException("The weights do not add up.");
    }

    private Status PooledStatus(Random random)
    {
        Status template = _statuses[random.Next(_statuses.Length)];
        Status copy = Status.CreateFromJson(Encoding.UTF8.GetBytes(template.ToJson()));
        copy.id = 8_000_000_000_000 + random.Next(IdPool);
        copy.id_str = copy.id.ToString(System.Globalization.CultureInfo.InvariantCulture);
        return copy;
    }

    private byte[] StatusJson(Random random) => Encoding.UTF8.GetBytes(PooledStatus(random).ToJson());

    private byte[] StatusJmc1(Random random) => PooledStatus(random).ToJsonable().ToArray();

    private static byte[] Mutate(byte[] body, Random random)
    {
        for (int i = 0, n = 1 + random.Next(4); i < n; i++)
        {
            body[random.Next(body.Length)] = (byte)random.Next(256);
        }

        return body;
    }

    private static HttpRequestMessage Get(string path, string accept)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Accept.ParseAdd(accept);
        return request;
    }

    private static HttpRequestMessage Post(string path, string contentType, byte[] body, string accept = Json)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        request.Headers.Accept.ParseAdd(accept);
        return request;
    }
}
