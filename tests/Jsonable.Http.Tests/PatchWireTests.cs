using System.Buffers;
using System.Net;
using System.Net.Http.Headers;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Jsonable.Http.Tests;

/// <summary>
/// What <c>PatchAsJsonableAsync(uri, value, nameof(T.X))</c> puts on the wire, seen by a server: exactly the bytes of the
/// generated <c>ToJsonUtf8_X</c>, with the Content-Type and Accept of the chosen format, and If-Match when given.
/// </summary>
public sealed class PatchWireTests
{
    private delegate void PartialWrite(Transform value, ArrayBufferWriter<byte> output, bool emitMetadataComments);

    // The generated writers, called directly: what the client must send for each member name.
    private static readonly Dictionary<string, PartialWrite> s_generated = new()
    {
        [nameof(Transform.Position)] = (t, o, jmc1) => t.ToJsonUtf8_Position(o, jmc1),
        [nameof(Transform.Rotation)] = (t, o, jmc1) => t.ToJsonUtf8_Rotation(o, jmc1),
        [nameof(Transform.Scale)] = (t, o, jmc1) => t.ToJsonUtf8_Scale(o, jmc1),
        [nameof(Transform.Payload)] = (t, o, jmc1) => t.ToJsonUtf8_Payload(o, jmc1),
        [nameof(Transform.Tags)] = (t, o, jmc1) => t.ToJsonUtf8_Tags(o, jmc1),
    };

    public static TheoryData<string, JsonableFormat> MembersAndFormats
    {
        get
        {
            var data = new TheoryData<string, JsonableFormat>();
            foreach (string member in s_generated.Keys)
            {
                data.Add(member, JsonableFormat.Jmc1);
                data.Add(member, JsonableFormat.Json);
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(MembersAndFormats))]
    public async Task PatchAsJsonable_SendsExactlyTheGeneratedPartialDocument(string member, JsonableFormat format)
    {
        Transform transform = NewTransform();
        var expected = new ArrayBufferWriter<byte>();
        s_generated[member](transform, expected, format == JsonableFormat.Jmc1);
        await using PatchRecorder server = await PatchRecorder.StartAsync(transform);

        using HttpResponseMessage response = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, member, new JsonableHttpOptions { Format = format });

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        ReceivedPatch received = Assert.Single(server.Received);
        Assert.Equal("PATCH", received.Method);
        Assert.Equal(expected.WrittenSpan.ToArray(), received.Body);
        Assert.Equal(received.Body.Length, received.ContentLength);
        if (format == JsonableFormat.Jmc1)
        {
            Assert.Equal("application/jsonc+jmc1", received.ContentType);
            Assert.Equal("application/jsonc+jmc1, application/json; q=0.9", received.Accept);
            Assert.StartsWith("/*JMC1*/{", System.Text.Encoding.Latin1.GetString(received.Body), StringComparison.Ordinal);
        }
        else
        {
            Assert.Equal("application/merge-patch+json", received.ContentType);
            Assert.Equal("application/json", received.Accept);
        }

        Assert.Null(received.IfMatch);
    }

    [Fact]
    public async Task PatchAsJsonable_Position_JsonBodyHoldsOnlyThePosition()
    {
        Transform transform = NewTransform();
        await using PatchRecorder server = await PatchRecorder.StartAsync(transform);

        using HttpResponseMessage response = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, nameof(Transform.Position), new JsonableHttpOptions { Format = JsonableFormat.Json });

        Assert.Equal("""{"position":[1.5,-2,3.25]}""", System.Text.Encoding.UTF8.GetString(Assert.Single(server.Received).Body));
    }

    [Fact]
    public async Task PatchAsJsonable_DefaultIsJmc1_AndTheResponseIsReadBack()
    {
        Transform transform = NewTransform();
        await using PatchRecorder server = await PatchRecorder.StartAsync(transform);

        using HttpResponseMessage response = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, nameof(Transform.Position));
        Transform? updated = await response.ReadFromJsonableAsync<Transform>();

        Assert.Equal("application/jsonc+jmc1", Assert.Single(server.Received).ContentType);
        Assert.Equal(transform.ToJson(), updated?.ToJson());
    }

    [Fact]
    public async Task PatchAsJsonable_WithABareNullForOptions_Compiles_AndSendsTheDefault()
    {
        // (uri, value, member, null) and (uri, previous, current, null) once failed to compile: null fitted both the
        // options and the ifMatch overloads (CS0121). A bare null is the options, the default ones.
        Transform transform = NewTransform();
        await using PatchRecorder server = await PatchRecorder.StartAsync(transform);

        using HttpResponseMessage member = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, nameof(Transform.Position), null);
        Transform current = Transform.CreateFromJson(System.Text.Encoding.UTF8.GetBytes(transform.ToJson()));
        current.Name = "moved";
        using HttpResponseMessage delta = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, current, null);

        Assert.Equal(["application/jsonc+jmc1", "application/jsonc+jmc1"], server.Received.Select(r => r.ContentType));
        Assert.Equal(transform.ToJson(), (await member.ReadFromJsonableAsync<Transform>())?.ToJson());
    }

    [Theory]
    [InlineData("\"v7\"")]
    [InlineData("W/\"weak-1\"")]
    public async Task PatchAsJsonable_WithETag_SendsIfMatch(string etag)
    {
        Transform transform = NewTransform();
        await using PatchRecorder server = await PatchRecorder.StartAsync(transform);

        using HttpResponseMessage response = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, nameof(Transform.Scale), EntityTagHeaderValue.Parse(etag));

        Assert.Equal(etag, Assert.Single(server.Received).IfMatch);
    }

    [Fact]
    public async Task PatchAsJsonable_MemberWithoutPartialWriter_ThrowsBeforeSending()
    {
        await using PatchRecorder server = await PatchRecorder.StartAsync(NewTransform());

        ArgumentException error = await Assert.ThrowsAsync<ArgumentException>(
            () => server.Client.PatchAsJsonableAsync("/transforms/7", NewTransform(), nameof(Transform.Name)));

        Assert.Equal("memberName", error.ParamName);
        Assert.Contains("'Name'", error.Message, StringComparison.Ordinal);
        Assert.Contains("Position, Rotation, Scale, Payload, Tags", error.Message, StringComparison.Ordinal);
        Assert.Empty(server.Received);
    }

    [Fact]
    public async Task PatchAsJsonable_WireNameFindsTheSameWriter()
    {
        Transform transform = NewTransform();
        var expected = new ArrayBufferWriter<byte>();
        transform.ToJsonUtf8_Tags(expected);
        await using PatchRecorder server = await PatchRecorder.StartAsync(transform);

        using HttpResponseMessage response = await server.Client.PatchAsJsonableAsync("/transforms/7", transform, "tags");

        Assert.Equal(expected.WrittenSpan.ToArray(), Assert.Single(server.Received).Body);
    }

    private static Transform NewTransform() => new()
    {
        Id = 7,
        Name = "crate",
        Position = [1.5f, -2f, 3.25f],
        Rotation = [0f, 0f, 0f, 1f],
        Scale = [1f, 2f, 1f],
        Payload = new TransformPayload { Kind = "box", Mass = 12, Dimensions = new TransformDimensions { Width = 1, Height = 2, Depth = 3 } },
        Tags = ["wooden", "\"quoted\""],
    };

    private sealed record ReceivedPatch(string Method, string? ContentType, string? Accept, string? IfMatch, long? ContentLength, byte[] Body);

    /// <summary>A server that records every PATCH it receives and answers with the transform in JMC1.</summary>
    private sealed class PatchRecorder : IAsyncDisposable
    {
        private readonly TestApp _app;

        private PatchRecorder(TestApp app, List<ReceivedPatch> received)
        {
            _app = app;
            Received = received;
        }

        public List<ReceivedPatch> Received { get; }

        public HttpClient Client => _app.Client;

        public static async Task<PatchRecorder> StartAsync(Transform answer)
        {
            var received = new List<ReceivedPatch>();
            TestApp app = await TestApp.StartAsync(web => web.MapMethods("/transforms/{id}", ["PATCH"], async (HttpContext context) =>
            {
                using var body = new MemoryStream();
                await context.Request.Body.CopyToAsync(body);
                HttpRequest request = context.Request;
                received.Add(new ReceivedPatch(
                    request.Method,
                    request.ContentType,
                    // TestServer hands over a header's values one by one; join them as one line, as on the wire.
                    string.Join(", ", request.Headers.Accept.SelectMany(v => v!.Split(',')).Select(v => v.Trim())),
                    request.Headers.IfMatch.Count == 0 ? null : request.Headers.IfMatch.ToString(),
                    request.ContentLength,
                    body.ToArray()));
                return Results.Bytes(answer.ToJsonable(), JsonableMediaTypeNames.Jmc1);
            }));
            return new PatchRecorder(app, received);
        }

        public ValueTask DisposeAsync() => _app.DisposeAsync();
    }
}
