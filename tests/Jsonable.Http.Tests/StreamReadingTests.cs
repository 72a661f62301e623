using System.Net;
using System.Text;
using Jsonable.Http.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Jsonable.Http.Tests;

/// <summary>
/// <c>GetFromJsonableAsAsyncEnumerable</c>: a JSON array, a JMC1 array and JSON Lines read item by item by the response's
/// Content-Type, items handed over before the body ends, errors naming the item, problem statuses as
/// <see cref="JsonableProblemException"/>.
/// </summary>
public sealed class StreamReadingTests
{
    private static readonly List<Status> s_statuses = TwitterRoot.CreateFromJson(File.ReadAllBytes(DataPath("twitter.json"))).statuses!;

    [Theory]
    [InlineData("application/json", 7)]
    [InlineData("application/json; charset=utf-8", int.MaxValue)]
    [InlineData("application/jsonc+jmc1", 1)]
    [InlineData("application/jsonl", 4093)]
    [InlineData("application/x-ndjson", 1)]
    public async Task Every_layout_is_read_item_by_item_as_its_content_type_says(string contentType, int writeSize)
    {
        byte[] body = Body(s_statuses.Take(10).ToList(), contentType);
        await using TestApp server = await Serve(body, contentType, writeSize);

        var read = new List<Status?>();
        await foreach (Status? status in server.Client.GetFromJsonableAsAsyncEnumerable<Status>("/t"))
        {
            read.Add(status);
        }

        Assert.Equal(s_statuses.Take(10).Select(s => s.ToJson()), read.Select(s => s!.ToJson()));
    }

    [Fact]
    public async Task Items_arrive_before_the_body_ends()
    {
        var firstSeen = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/t", async (HttpContext context) =>
        {
            context.Response.ContentType = "application/jsonl";
            await context.Response.Body.WriteAsync("{\"id\":1}\n{\"id\":"u8.ToArray());
            await context.Response.Body.FlushAsync();
            await firstSeen.Task.WaitAsync(TimeSpan.FromSeconds(30)); // a hang guard: the client must see item 1 first
            await context.Response.Body.WriteAsync("2}\n"u8.ToArray());
        }));

        var ids = new List<long>();
        await foreach (Status? status in server.Client.GetFromJsonableAsAsyncEnumerable<Status>("/t"))
        {
            ids.Add(status!.id);
            firstSeen.TrySetResult();
        }

        Assert.Equal([1L, 2L], ids);
    }

    [Theory]
    [InlineData("application/json", "$[1234].user.name")]
    [InlineData("application/jsonl", "line 1235: $.user.name")]
    public async Task A_bad_item_is_a_JsonableException_naming_it(string contentType, string path)
    {
        var statuses = new List<Status>();
        for (int i = 0; i < 1500; i++)
        {
            statuses.Add(new Status { id = i, user = new TwitterUser { name = "u" } });
        }

        byte[] body = Body(statuses, contentType);
        int at = body.AsSpan().IndexOf("\"id\":1234,"u8);
        int name = body.AsSpan(at).IndexOf("\"name\":\"u\""u8) + at + 7;
        body = [.. body.AsSpan(0, name), (byte)'5', .. body.AsSpan(name + 3)];
        await using TestApp server = await Serve(body, contentType, 4096);

        int count = 0;
        JsonableException error = await Assert.ThrowsAsync<JsonableException>(async () =>
        {
            await foreach (Status? status in server.Client.GetFromJsonableAsAsyncEnumerable<Status>("/t"))
            {
                count++;
            }
        });

        Assert.Equal(path, error.Path);
        Assert.Equal(1234, count);
    }

    [Fact]
    public async Task An_item_over_MaxResponseBytes_is_a_size_error()
    {
        var statuses = new List<Status> { new() { id = 1 }, new() { id = 2, text = new string('x', 5000) } };
        await using TestApp server = await Serve(Body(statuses, "application/json"), "application/json", 1000);
        var options = new JsonableHttpOptions { MaxResponseBytes = 4000 };

        JsonableException error = await Assert.ThrowsAsync<JsonableException>(async () =>
        {
            await foreach (Status? status in server.Client.GetFromJsonableAsAsyncEnumerable<Status>("/t", options))
            {
            }
        });

        Assert.True(error.IsSizeLimit);
        Assert.Equal("$[1]", error.Path);
    }

    [Fact]
    public async Task An_error_status_is_a_JsonableProblemException()
    {
        await using TestApp server = await TestApp.StartAsync(app => app.MapGet("/t", () => Results.Problem("gone", statusCode: 410)));

        JsonableProblemException error = await Assert.ThrowsAsync<JsonableProblemException>(async () =>
        {
            await foreach (Status? status in server.Client.GetFromJsonableAsAsyncEnumerable<Status>("/t"))
            {
            }
        });

        Assert.Equal(HttpStatusCode.Gone, error.StatusCode);
    }

    [Theory]
    [InlineData("text/plain")]
    [InlineData("application/jsonl; charset=utf-16")]
    public async Task A_content_type_Jsonable_cannot_read_is_NotSupported(string contentType)
    {
        await using TestApp server = await Serve("[]"u8.ToArray(), contentType, int.MaxValue);

        await Assert.ThrowsAsync<NotSupportedException>(async () =>
        {
            await foreach (Status? status in server.Client.GetFromJsonableAsAsyncEnumerable<Status>("/t"))
            {
            }
        });
    }

    private static byte[] Body(IReadOnlyList<Status> statuses, string contentType)
    {
        if (contentType.StartsWith("application/jsonl", StringComparison.Ordinal) || contentType.StartsWith("application/x-ndjson", StringComparison.Ordinal))
        {
            var lines = new MemoryStream();
            foreach (Status status in statuses)
            {
                lines.Write(JsonableSerializer.SerializeToUtf8Bytes(status));
                lines.WriteByte((byte)'\n');
            }

            return lines.ToArray();
        }

        return JsonableSerializer.SerializeToUtf8Bytes(statuses.ToList(), contentType.StartsWith("application/jsonc+jmc1", StringComparison.Ordinal) ? JsonableFormat.Jmc1 : JsonableFormat.Json);
    }

    private static Task<TestApp> Serve(byte[] body, string contentType, int writeSize) =>
        TestApp.StartAsync(app => app.MapGet("/t", async (HttpContext context) =>
        {
            context.Response.ContentType = contentType;
            for (int offset = 0; offset < body.Length; offset += writeSize)
            {
                await context.Response.Body.WriteAsync(body.AsMemory(offset, Math.Min(writeSize, body.Length - offset)));
                await context.Response.Body.FlushAsync();
            }
        }));

    private static string DataPath(string file)
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "data", file);
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new FileNotFoundException(file);
    }
}
