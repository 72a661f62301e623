using System.ComponentModel.DataAnnotations;
using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.AspNetCore.Http;
using Jsonable.Http;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// PATCH of a resource with a polymorphic member (<see cref="Delivery.Vehicle"/>), over TestServer: the client's delta of
/// a derived value changed in place is a nested patch that the server merges by the stored value's type, in JSON and
/// JMC1; a change of derived type throws before anything is sent; a raw patch with another discriminator, a read-only
/// derived member or an invalid derived value is a 400 keyed by its path, and the stored resource does not change.
/// </summary>
public sealed class PolymorphicPatchTests : IAsyncLifetime
{
    private readonly Dictionary<int, Delivery> _store = [];
    private readonly List<byte[]> _sent = [];
    private WebApplication? _app;
    private HttpClient? _client;
    private int _nextId;

    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable();
        _app = builder.Build();
        _app.UseJsonable();
        _app.MapGet("/deliveries/{id:int}", (int id) => JsonableResults.Ok(Stored(id)));
        _app.MapPatch("/deliveries/{id:int}", (int id, JsonablePatch<Delivery> patch) =>
        {
            Delivery delivery = Stored(id);
            lock (delivery)
            {
                patch.ApplyTo(delivery);
            }

            return JsonableResults.Ok(delivery);
        });
        await _app.StartAsync();
        _client = new HttpClient(new Recorder(_sent) { InnerHandler = _app.GetTestServer().CreateHandler() }) { BaseAddress = new Uri("http://localhost") };
    }

    public async Task DisposeAsync()
    {
        _client?.Dispose();
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task Delta_OfADerivedValueChangedInPlace_IsSentAsANestedPatch_AndStoredAsCurrent(JsonableFormat format)
    {
        int id = Interlocked.Increment(ref _nextId);
        Delivery previous = await GetAsync(id);
        Delivery current = Delivery.CreateFromJson(Encoding.UTF8.GetBytes(previous.ToJson()));
        ((Truck)current.Vehicle!).Tons = 12;
        current.Vehicle.Driver = "Grace";

        using HttpResponseMessage response = await _client!.PatchAsJsonableAsync($"/deliveries/{id}", previous, current, new JsonableHttpOptions { Format = format });

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(current.ToJson(), Stored(id).ToJson());
        Assert.IsType<Truck>(Stored(id).Vehicle);
        byte[] sent = Assert.Single(_sent);
        Assert.Equal(format == JsonableFormat.Jmc1, Jmc1Oracle.StartsWithHeader(sent));
        Assert.Equal("""{"vehicle":{"tons":12,"driver":"Grace"}}""", Encoding.UTF8.GetString(format == JsonableFormat.Json ? sent : Jmc1Oracle.StripComments(sent)));
    }

    [Fact]
    public async Task Delta_ChangingTheDerivedType_ThrowsNamingThePath_AndSendsNothing()
    {
        int id = Interlocked.Increment(ref _nextId);
        Delivery previous = await GetAsync(id);
        _sent.Clear();
        var current = new Delivery { Id = previous.Id, Note = previous.Note, Vehicle = new Bike { Plate = "B-1", Electric = true } };

        InvalidOperationException error = await Assert.ThrowsAsync<InvalidOperationException>(
            () => _client!.PatchAsJsonableAsync($"/deliveries/{id}", previous, current));

        Assert.Contains("at $.vehicle.$type,", error.Message, StringComparison.Ordinal);
        Assert.Contains("PUT", error.Message, StringComparison.Ordinal);
        Assert.Empty(_sent);
        Assert.Equal(previous.ToJson(), Stored(id).ToJson());
    }

    [Theory]
    [InlineData("""{"vehicle":{"$type":"bike","electric":true}}""", "$.vehicle.$type")] // a type change
    [InlineData("""{"note":"n","vehicle":{"plate":"X-9"}}""", "$.vehicle.plate")] // read-only in the stored Truck
    [InlineData("""{"vehicle":{"electric":true}}""", "$.vehicle.electric")] // a Bike's member on a Truck
    [InlineData("""{"vehicle":{"tons":99}}""", "Vehicle.Tons")] // [Range] of the derived type, on the merged copy
    public async Task RawPatch_ThatTheStoredDerivedValueRefuses_Is400KeyedByItsPath_AndChangesNothing(string patch, string key)
    {
        int id = Interlocked.Increment(ref _nextId);
        string before = Stored(id).ToJson();
        using var content = new ByteArrayContent(Encoding.UTF8.GetBytes(patch));
        content.Headers.ContentType = new("application/merge-patch+json");

        using HttpResponseMessage response = await _client!.PatchAsync($"/deliveries/{id}", content);

        string text = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, $"{(int)response.StatusCode}: {text}");
        using JsonDocument problem = JsonDocument.Parse(text);
        Assert.Equal([key], problem.RootElement.GetProperty("errors").EnumerateObject().Select(p => p.Name));
        Assert.Equal(before, Stored(id).ToJson());
    }

    private Delivery Stored(int id)
    {
        lock (_store)
        {
            if (!_store.TryGetValue(id, out Delivery? delivery))
            {
                delivery = new Delivery { Id = id, Note = "fragile", Vehicle = new Truck { Plate = "T-" + id, Driver = "Ada", Tons = 3 } };
                _store[id] = delivery;
            }

            return delivery;
        }
    }

    private async Task<Delivery> GetAsync(int id)
    {
        using HttpResponseMessage response = await _client!.GetAsync($"/deliveries/{id}");
        _sent.Clear();
        return (await response.ReadFromJsonableAsync<Delivery>())!;
    }

    /// <summary>Keeps each request's body.</summary>
    private sealed class Recorder(List<byte[]> sent) : DelegatingHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            if (request.Content is not null)
            {
                sent.Add(await request.Content.ReadAsByteArrayAsync(cancellationToken));
            }

            return await base.SendAsync(request, cancellationToken);
        }
    }
}

/// <summary>A resource with a polymorphic member.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Delivery
{
    /// <summary>The id.</summary>
    public int Id { get; set; }

    /// <summary>A note.</summary>
    public string? Note { get; set; }

    /// <summary>What carries it.</summary>
    public Vehicle? Vehicle { get; set; }
}

/// <summary>The polymorphic base, with a read-only member.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
[JsonDerivedType(typeof(Truck), "truck")]
[JsonDerivedType(typeof(Bike), "bike")]
public abstract partial class Vehicle
{
    /// <summary>Registered once, never patched.</summary>
    [Editable(false)]
    public string? Plate { get; set; }

    /// <summary>Who drives.</summary>
    public string? Driver { get; set; }
}

/// <summary>A derived type with a validated member.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Truck : Vehicle
{
    /// <summary>Load in tonnes.</summary>
    [Range(1, 40)]
    public int Tons { get; set; }
}

/// <summary>Another derived type.</summary>
[ToJson, FromJson, JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.CamelCase)]
public partial class Bike : Vehicle
{
    /// <summary>Whether it has a motor.</summary>
    public bool Electric { get; set; }
}
