using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Reflection;
using System.Text;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Benchmarks;

/// <summary>
/// What binding a 5 MB request body costs on top of reading the same bytes from a span: a JSON array of eleven copies
/// of twitter.json (compact, about 5.2 MB) bound with <see cref="JsonableBody{T}"/> from a request pipe that holds it
/// in 4 KB segments (as Kestrel's does), in one segment, and as UTF-16. The allocated bytes per operation minus the
/// baseline's (<see cref="FromSpan"/>: the objects themselves) are what the body handling allocates.
/// Run with <c>dotnet run -c Release --project tests/Jsonable.Benchmarks -- --filter *RequestBody* --inProcess</c>.
/// </summary>
[MemoryDiagnoser]
[BenchmarkCategory("RequestBody")]
public class RequestBodyBenchmarks
{
    private const int Copies = 11;
    private const int KestrelSegment = 4096;

    private static readonly ParameterInfo s_parameter = typeof(RequestBodyBenchmarks).GetMethod(nameof(Handler), BindingFlags.NonPublic | BindingFlags.Static)!.GetParameters()[0];

    private readonly IServiceProvider _services = new ServiceCollection().BuildServiceProvider();
    private byte[] _utf8 = null!;
    private ReadOnlySequence<byte> _segmented;
    private ReadOnlySequence<byte> _single;
    private ReadOnlySequence<byte> _utf16Segmented;

    /// <summary>Builds the body and checks once that every method binds all of it.</summary>
    [GlobalSetup]
    public void Setup()
    {
        var buffer = new ArrayBufferWriter<byte>();
        buffer.Write("["u8);
        for (int i = 0; i < Copies; i++)
        {
            if (i > 0)
            {
                buffer.Write(","u8);
            }

            buffer.Write(Payloads.Twitter.JsonableJson);
        }

        buffer.Write("]"u8);
        _utf8 = buffer.WrittenSpan.ToArray();
        _segmented = Segmented(_utf8, KestrelSegment);
        _single = new ReadOnlySequence<byte>(_utf8);
        _utf16Segmented = Segmented(Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(_utf8)), KestrelSegment);

        int expected = FromSpan();
        foreach (Func<Task<int>> run in new Func<Task<int>>[] { Bind_Utf8_4KSegments, Bind_Utf8_OneSegment, Bind_Utf16_4KSegments })
        {
            if (run().GetAwaiter().GetResult() != expected)
            {
                throw new InvalidOperationException("A bound body did not hold every status.");
            }
        }
    }

    /// <summary>The generated reader over the bytes already in one array: what the objects alone allocate.</summary>
    [Benchmark(Baseline = true)]
    public int FromSpan() => Count(JsonableSerializer.Deserialize<List<TwitterRoot>>(_utf8)!);

    /// <summary>UTF-8 JSON body in 4 KB segments, bound by <see cref="JsonableBody{T}"/>.</summary>
    [Benchmark]
    public Task<int> Bind_Utf8_4KSegments() => Bind(_segmented, "application/json");

    /// <summary>UTF-8 JSON body in one segment.</summary>
    [Benchmark]
    public Task<int> Bind_Utf8_OneSegment() => Bind(_single, "application/json");

    /// <summary>The same document as UTF-16 (about 10 MB on the wire), in 4 KB segments.</summary>
    [Benchmark]
    public Task<int> Bind_Utf16_4KSegments() => Bind(_utf16Segmented, "application/json; charset=utf-16");

    private static void Handler(JsonableBody<List<TwitterRoot>> body) => GC.KeepAlive(body);

    private static int Count(List<TwitterRoot> roots)
    {
        int n = 0;
        foreach (TwitterRoot root in roots)
        {
            n += root.statuses!.Count;
        }

        return n;
    }

    private static ReadOnlySequence<byte> Segmented(byte[] bytes, int size) => SegmentedSequence.Of(bytes, size);

    private async Task<int> Bind(ReadOnlySequence<byte> body, string contentType)
    {
        var context = new DefaultHttpContext { RequestServices = _services };
        context.Request.Method = "POST";
        context.Request.ContentType = contentType;
        context.Request.ContentLength = body.Length;
        context.Features.Set<IRequestBodyPipeFeature>(new BodyPipe(PipeReader.Create(body)));
        JsonableBody<List<TwitterRoot>>? bound = await JsonableBody<List<TwitterRoot>>.BindAsync(context, s_parameter);
        return Count(bound!.Value);
    }

    private sealed class BodyPipe(PipeReader reader) : IRequestBodyPipeFeature
    {
        public PipeReader Reader { get; } = reader;
    }
}
