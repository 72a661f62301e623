using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using Jsonable.AspNetCore.Http;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Benchmarks;

/// <summary>
/// What a plain minimal API costs through Jsonable, per request and without a server: each method runs one endpoint's
/// request delegate as minimal APIs build it (binding, handler, result writing; <see cref="RequestDelegateFactory"/>,
/// the JIT's path) over an in-memory request and response. Writes: <c>TypedResults.Ok(value)</c> in an app without
/// Jsonable (System.Text.Json with the app's default contracts, the baseline), the same handler with
/// <c>AddJsonable()</c> (System.Text.Json asks Jsonable's resolver, the generated writer runs), and
/// <c>JsonableResults.Ok(value)</c>. citm_catalog.json has no character outside the BMP, so the generated JSON is
/// written as one raw value; twitter.json has emoji, which ASP.NET Core's encoder escapes, so it is replayed through
/// System.Text.Json's writer. Reads: a <c>(T value)</c> body parameter without Jsonable, with <c>AddJsonable()</c>
/// (System.Text.Json reads the value, the resolver's converter hands its bytes to the generated reader: the path of a
/// type without a generated <c>BindAsync</c>), and <see cref="JsonableBody{T}"/>, whose reading is what a generated
/// <c>BindAsync</c> runs (both call the same binding). Run with
/// <c>dotnet run -c Release --project tests/Jsonable.Benchmarks -- --quick --scenarios PlainMinimal --seconds 3</c>.
/// </summary>
[BenchmarkCategory("PlainMinimal")]
public class PlainMinimalBenchmarks : IScenario
{
    private IServiceProvider _stjServices = null!;
    private IServiceProvider _jsonableServices = null!;
    private RequestDelegate _citmStj = null!;
    private RequestDelegate _citmTyped = null!;
    private RequestDelegate _citmResults = null!;
    private RequestDelegate _twitterStj = null!;
    private RequestDelegate _twitterTyped = null!;
    private RequestDelegate _twitterResults = null!;
    private RequestDelegate _readStj = null!;
    private RequestDelegate _readPlain = null!;
    private RequestDelegate _readBody = null!;
    private byte[] _twitterJson = null!;

    /// <inheritdoc/>
    public void Setup()
    {
        CitmCatalog citm = Payloads.Citm.Model;
        TwitterRoot twitter = Payloads.Twitter.Model;
        _twitterJson = Payloads.Twitter.JsonableJson;
        _stjServices = Services(jsonable: false);
        _jsonableServices = Services(jsonable: true);

        _citmStj = Create(() => TypedResults.Ok(citm), _stjServices);
        _citmTyped = Create(() => TypedResults.Ok(citm), _jsonableServices);
        _citmResults = Create(() => JsonableResults.Ok(citm), _jsonableServices);
        _twitterStj = Create(() => TypedResults.Ok(twitter), _stjServices);
        _twitterTyped = Create(() => TypedResults.Ok(twitter), _jsonableServices);
        _twitterResults = Create(() => JsonableResults.Ok(twitter), _jsonableServices);
        _readStj = Create((TwitterRoot body) => TypedResults.Ok(body.statuses!.Count), _stjServices);
        _readPlain = Create((TwitterRoot body) => TypedResults.Ok(body.statuses!.Count), _jsonableServices);
        _readBody = Create((JsonableBody<TwitterRoot> body) => TypedResults.Ok(body.Value.statuses!.Count), _jsonableServices);

        // Every write answers the same data as System.Text.Json, every read binds every status.
        foreach ((RequestDelegate write, RequestDelegate baseline) in new[] { (_citmTyped, _citmStj), (_citmResults, _citmStj), (_twitterTyped, _twitterStj), (_twitterResults, _twitterStj) })
        {
            using var expected = System.Text.Json.JsonDocument.Parse(Get(baseline, _stjServices));
            using var actual = System.Text.Json.JsonDocument.Parse(Get(write, _jsonableServices));
            if (!System.Text.Json.JsonElement.DeepEquals(expected.RootElement, actual.RootElement))
            {
                throw new InvalidOperationException("A Jsonable write differs from System.Text.Json's.");
            }
        }

        string count = twitter.statuses!.Count.ToString(System.Globalization.CultureInfo.InvariantCulture);
        foreach ((RequestDelegate read, IServiceProvider services) in new[] { (_readStj, _stjServices), (_readPlain, _jsonableServices), (_readBody, _jsonableServices) })
        {
            string answer = System.Text.Encoding.UTF8.GetString(Post(read, services, keep: true, out int status));
            if (answer != count)
            {
                throw new InvalidOperationException($"A read did not bind every status: {status} '{answer}'.");
            }
        }
    }

    /// <summary>citm, <c>TypedResults.Ok</c> without Jsonable.</summary>
    [Benchmark(Baseline = true)]
    public int Citm_Stj_TypedResults() => Run(_citmStj, _stjServices);

    /// <summary>citm, <c>TypedResults.Ok</c> with <c>AddJsonable()</c>: the resolver, written as one raw value.</summary>
    [Benchmark]
    public int Citm_Jsonable_TypedResults() => Run(_citmTyped, _jsonableServices);

    /// <summary>citm, <c>JsonableResults.Ok</c>.</summary>
    [Benchmark]
    public int Citm_JsonableResults() => Run(_citmResults, _jsonableServices);

    /// <summary>twitter, <c>TypedResults.Ok</c> without Jsonable.</summary>
    [Benchmark]
    public int Twitter_Stj_TypedResults() => Run(_twitterStj, _stjServices);

    /// <summary>twitter, <c>TypedResults.Ok</c> with <c>AddJsonable()</c>: the resolver, replayed (emoji).</summary>
    [Benchmark]
    public int Twitter_Jsonable_TypedResults() => Run(_twitterTyped, _jsonableServices);

    /// <summary>twitter, <c>JsonableResults.Ok</c>.</summary>
    [Benchmark]
    public int Twitter_JsonableResults() => Run(_twitterResults, _jsonableServices);

    /// <summary>twitter body, a plain <c>(TwitterRoot body)</c> without Jsonable.</summary>
    [Benchmark]
    public int Read_Stj_PlainBody() => Post(_readStj, _stjServices, keep: false).Length;

    /// <summary>twitter body, a plain <c>(TwitterRoot body)</c> with <c>AddJsonable()</c>, read through the resolver.</summary>
    [Benchmark]
    public int Read_Jsonable_PlainBody() => Post(_readPlain, _jsonableServices, keep: false).Length;

    /// <summary>twitter body, <see cref="JsonableBody{T}"/> (what a generated <c>BindAsync</c> runs).</summary>
    [Benchmark]
    public int Read_JsonableBody() => Post(_readBody, _jsonableServices, keep: false).Length;

    private static IServiceProvider Services(bool jsonable)
    {
        var services = new ServiceCollection();
        services.AddLogging();
        services.AddOptions();
        if (jsonable)
        {
            services.AddJsonable();
        }

        return services.BuildServiceProvider();
    }

    private static RequestDelegate Create(Delegate handler, IServiceProvider services) =>
        RequestDelegateFactory.Create(handler, new RequestDelegateFactoryOptions { ServiceProvider = services }).RequestDelegate;

    private static int Run(RequestDelegate endpoint, IServiceProvider services)
    {
        var context = new DefaultHttpContext { RequestServices = services };
        context.Request.Method = HttpMethods.Get;
        context.Request.Headers.Accept = "application/json";
        endpoint(context).GetAwaiter().GetResult();
        return context.Response.StatusCode;
    }

    private static byte[] Get(RequestDelegate endpoint, IServiceProvider services)
    {
        var context = new DefaultHttpContext { RequestServices = services };
        context.Request.Method = HttpMethods.Get;
        context.Request.Headers.Accept = "application/json";
        var body = new MemoryStream();
        context.Response.Body = body;
        endpoint(context).GetAwaiter().GetResult();
        return body.ToArray();
    }

    private byte[] Post(RequestDelegate endpoint, IServiceProvider services, bool keep) => Post(endpoint, services, keep, out _);

    private byte[] Post(RequestDelegate endpoint, IServiceProvider services, bool keep, out int status)
    {
        var context = new DefaultHttpContext { RequestServices = services };
        context.Request.Method = HttpMethods.Post;
        context.Request.ContentType = "application/json";
        context.Request.ContentLength = _twitterJson.Length;
        context.Request.Body = new MemoryStream(_twitterJson, writable: false);
        context.Features.Set<IHttpRequestBodyDetectionFeature>(HasBody.Instance); // as a server sets it for a request with Content-Length
        var body = keep ? new MemoryStream() : null;
        if (body is not null)
        {
            context.Response.Body = body;
        }

        endpoint(context).GetAwaiter().GetResult();
        status = context.Response.StatusCode;
        return body?.ToArray() ?? [(byte)(status / 100)];
    }

    private sealed class HasBody : IHttpRequestBodyDetectionFeature
    {
        public static readonly HasBody Instance = new();

        public bool CanHaveBody => true;
    }
}
