using System.ComponentModel.DataAnnotations;
using System.Net;
using System.Text.Json.Nodes;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Integration.Tests.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using static Jsonable.Integration.Tests.PartialUpdates.PatchBodies;

namespace Jsonable.Integration.Tests.PartialUpdates;

/// <summary>
/// What the type says a PATCH may not change, seen by the PATCH and by both OpenAPI documents alike: a <c>[Key]</c>
/// (here not named like the route parameter) is refused at binding with 400 keyed by its path and left out of the
/// merge-patch schema, a nested object's schema included; <c>[Key, Editable(true)]</c> stays patchable; and a
/// handler's own <c>RejectChangesTo</c> still refuses what the type does not mark.
/// </summary>
public sealed class EditableMemberTests : IAsyncLifetime
{
    private readonly EditableAccount _account = new() { Id = 7, Slug = "seven", Name = "Seven" };
    private readonly PlainNote _note = new() { Id = 3, Text = "three" };
    private readonly AccountHolder _holder = new() { Name = "Holder", Account = new EditableAccount { Id = 7, Slug = "seven", Name = "Seven" } };
    private WebApplication? _app;

    public static TheoryData<string> Documents => Shapes.OpenApiDocuments.All;

    public static TheoryData<string> Formats => new() { "json", "jmc1" };

    public async Task InitializeAsync()
    {
        _app = OpenApiDocuments.CreateApp();
        _app.MapPatch("/accounts/{accountId}", (long accountId, JsonablePatch<EditableAccount> patch) =>
        {
            patch.ApplyTo(_account);
            return JsonableResults.Ok(_account);
        });
        _app.MapPatch("/holders/{holderId}", (long holderId, JsonablePatch<AccountHolder> patch) =>
        {
            patch.ApplyTo(_holder);
            return JsonableResults.Ok(_holder);
        });
        _app.MapPatch("/notes/{noteId}", (long noteId, JsonablePatch<PlainNote> patch) =>
        {
            patch.RejectChangesTo(nameof(PlainNote.Id));
            patch.ApplyTo(_note);
            return JsonableResults.Ok(_note);
        });
        await _app.StartAsync();
    }

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task Patch_OfAKey_Is400KeyedByItsPath_BeforeTheHandlerRuns(string format)
    {
        HttpResponseMessage response = await PatchAsync("/accounts/7", """{"name":"moved","id":8}""", format);

        string[] errors = await HttpAssert.ValidationErrorAsync("$.id", response);
        Assert.Contains(errors, e => e.Contains("'id'", StringComparison.Ordinal));
        Assert.Equal((7, "seven", "Seven"), (_account.Id, _account.Slug, _account.Name));
    }

    [Fact]
    public async Task Patch_OfAKeyMarkedEditable_AndOfOtherMembers_IsApplied()
    {
        HttpResponseMessage response = await PatchAsync("/accounts/7", """{"slug":"seven-b","name":"Renamed"}""", "json");

        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        Assert.Equal((7, "seven-b", "Renamed"), (_account.Id, _account.Slug, _account.Name));
    }

    [Fact]
    public async Task RejectChangesTo_StillRefusesWhatTheTypeDoesNotMark()
    {
        HttpResponseMessage response = await PatchAsync("/notes/3", """{"id":4,"text":"moved"}""", "json");

        await HttpAssert.ValidationErrorAsync("$.id", response);
        Assert.Equal((3, "three"), (_note.Id, _note.Text));
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task MergePatchSchema_LeavesOutTheKey_ButNotTheEditableKey(string documentPath)
    {
        HttpClient client = _app!.GetTestClient();
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(documentPath, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonNode document = JsonNode.Parse(body)!;

        string reference = document["paths"]!["/accounts/{accountId}"]!["patch"]!["requestBody"]!["content"]!["application/merge-patch+json"]!["schema"]!["$ref"]!.GetValue<string>();
        JsonObject patch = document["components"]!["schemas"]![reference.Split('/')[^1]]!.AsObject();
        Assert.Equal(["name", "slug"], patch["properties"]!.AsObject().Select(p => p.Key).Order(StringComparer.Ordinal));
        Assert.True(document["components"]!["schemas"]!["EditableAccount"]!["properties"]!.AsObject().ContainsKey("id"), "the full schema still has the key");
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task MergePatchSchema_LeavesOutANestedObjectsKey_AsThePatchRefusesIt(string documentPath)
    {
        HttpClient client = _app!.GetTestClient();
        (HttpResponseMessage response, byte[] body) = await client.GetAsync(documentPath, "application/json");
        await HttpAssert.StatusAsync(HttpStatusCode.OK, response);
        JsonNode document = JsonNode.Parse(body)!;
        HttpResponseMessage refused = await PatchAsync("/holders/1", """{"account":{"id":8}}""", "json");

        string holderReference = document["paths"]!["/holders/{holderId}"]!["patch"]!["requestBody"]!["content"]!["application/merge-patch+json"]!["schema"]!["$ref"]!.GetValue<string>();
        JsonNode holderPatch = document["components"]!["schemas"]![holderReference.Split('/')[^1]]!;
        string accountReference = FirstReference(holderPatch["properties"]!["account"]!)!;
        JsonObject accountPatch = document["components"]!["schemas"]![accountReference.Split('/')[^1]]!.AsObject();
        Assert.StartsWith("EditableAccountMergePatch", accountReference.Split('/')[^1], StringComparison.Ordinal);
        Assert.Equal(["name", "slug"], accountPatch["properties"]!.AsObject().Select(p => p.Key).Order(StringComparer.Ordinal));
        await HttpAssert.ValidationErrorAsync("$.account.id", refused);
        Assert.Equal(7, _holder.Account!.Id);
    }

    /// <summary>The first <c>$ref</c> in a schema (a member's schema may wrap its reference for nullability).</summary>
    private static string? FirstReference(JsonNode schema) => schema switch
    {
        JsonObject o when o["$ref"] is { } reference => reference.GetValue<string>(),
        JsonObject o => o.Select(p => p.Value is null ? null : FirstReference(p.Value)).FirstOrDefault(r => r is not null),
        JsonArray a => a.Select(n => n is null ? null : FirstReference(n)).FirstOrDefault(r => r is not null),
        _ => null,
    };

    private async Task<HttpResponseMessage> PatchAsync(string url, string json, string format) =>
        (await _app!.GetTestClient().SendAsync(HttpMethod.Patch, url, Accept(format), Requests.Body(Encode(json, format), ContentType(format)))).Response;
}

/// <summary>An account whose id is its key (not patchable) and whose slug is a key that may be renamed.</summary>
[ToJson, FromJson]
public sealed partial class EditableAccount
{
    /// <summary>The key, not named like the route parameter (<c>{accountId}</c>): only the type says it is fixed.</summary>
    [Key]
    public long Id { get; set; }

    /// <summary>An alternate key the app lets a PATCH rename.</summary>
    [Key, Editable(true)]
    public string Slug { get; set; } = "";

    /// <summary>A display name.</summary>
    public string? Name { get; set; }
}

/// <summary>A note whose type marks nothing: its handler names what may not change.</summary>
[ToJson, FromJson]
public sealed partial class PlainNote
{
    /// <summary>The id.</summary>
    public long Id { get; set; }

    /// <summary>The text.</summary>
    public string? Text { get; set; }
}

/// <summary>A resource holding a nested account, whose key a patch may not change inside the account that exists.</summary>
[ToJson, FromJson]
public sealed partial class AccountHolder
{
    /// <summary>The holder's name.</summary>
    public string? Name { get; set; }

    /// <summary>The nested account.</summary>
    public EditableAccount? Account { get; set; }
}
