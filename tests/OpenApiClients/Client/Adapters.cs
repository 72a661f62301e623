// Adapters from what each generator made of each document to the steps Program.cs runs. The generated code itself
// is written into Generated/ by .ci/openapi-clients (NSwag: /generateOptionalPropertiesAsNullable:true, see docs/openapi.md).

/// <summary>NSwag's client generated from swagger.json.</summary>
internal sealed class NSwagSwaggerClient(Gen.NSwagSwagger.SampleClient client) : IClientUnderTest
{
    public string Name => "NSwag × swagger.json";

    public async Task<long> CreateAsync(string stack, string name)
    {
        var transform = new Gen.NSwagSwagger.Transform { Name = name, Position = [1, 2, 3], Tags = ["t"], Counters = new Dictionary<string, int> { ["hits"] = 7 } };
        Gen.NSwagSwagger.Transform created = stack == "api" ? await client.ApiCreateTransformAsync(transform) : await client.MinimalCreateTransformAsync(transform);
        return created.Id!.Value;
    }

    public async Task<string> GetNameAsync(string stack, long id) =>
        (stack == "api" ? await client.ApiGetTransformAsync(id, null) : await client.MinimalGetTransformAsync(id, null)).Name;

    public async Task PatchNameAsync(string stack, long id, string name)
    {
        var patch = new Gen.NSwagSwagger.TransformMergePatch { Name = name };
        _ = stack == "api" ? await client.ApiPatchTransformAsync(id, null, patch) : await client.MinimalPatchTransformAsync(id, null, patch);
    }
}

/// <summary>NSwag's client generated from openapi/v1.json.</summary>
internal sealed class NSwagOpenApiClient(Gen.NSwagOpenApi.SampleClient client) : IClientUnderTest
{
    public string Name => "NSwag × openapi/v1.json";

    public async Task<long> CreateAsync(string stack, string name)
    {
        var transform = new Gen.NSwagOpenApi.Transform { Name = name, Position = [1, 2, 3], Tags = ["t"], Counters = new Dictionary<string, int> { ["hits"] = 7 } };
        Gen.NSwagOpenApi.Transform created = stack == "api" ? await client.ApiCreateTransformAsync(transform) : await client.MinimalCreateTransformAsync(transform);
        return created.Id!.Value;
    }

    public async Task<string> GetNameAsync(string stack, long id) =>
        (stack == "api" ? await client.ApiGetTransformAsync(id, null) : await client.MinimalGetTransformAsync(id, null)).Name;

    public async Task PatchNameAsync(string stack, long id, string name)
    {
        var patch = new Gen.NSwagOpenApi.TransformMergePatch { Name = name };
        _ = stack == "api" ? await client.ApiPatchTransformAsync(id, null, patch) : await client.MinimalPatchTransformAsync(id, null, patch);
    }
}

/// <summary>Kiota's client generated from swagger.json.</summary>
internal sealed class KiotaSwaggerClient(Gen.KiotaSwagger.SampleClient client) : IClientUnderTest
{
    public string Name => "Kiota × swagger.json";

    public async Task<long> CreateAsync(string stack, string name)
    {
        var transform = new Gen.KiotaSwagger.Models.Transform { Name = name, Position = [1, 2, 3], Tags = ["t"], Counters = new Gen.KiotaSwagger.Models.Transform_counters { AdditionalData = new Dictionary<string, object> { ["hits"] = 7 } } };
        Gen.KiotaSwagger.Models.Transform created = stack == "api" ? await client.Api.Transforms.PostAsync(transform) : await client.Minimal.Transforms.PostAsync(transform);
        return created!.Id!.Value;
    }

    public async Task<string> GetNameAsync(string stack, long id) =>
        (stack == "api" ? await client.Api.Transforms[id].GetAsync() : await client.Minimal.Transforms[id].GetAsync())!.Name;

    public async Task PatchNameAsync(string stack, long id, string name)
    {
        var patch = new Gen.KiotaSwagger.Models.TransformMergePatch { Name = name };
        _ = stack == "api" ? await client.Api.Transforms[id].PatchAsync(patch) : await client.Minimal.Transforms[id].PatchAsync(patch);
    }
}

/// <summary>Kiota's client generated from openapi/v1.json.</summary>
internal sealed class KiotaOpenApiClient(Gen.KiotaOpenApi.SampleClient client) : IClientUnderTest
{
    public string Name => "Kiota × openapi/v1.json";

    public async Task<long> CreateAsync(string stack, string name)
    {
        var transform = new Gen.KiotaOpenApi.Models.Transform { Name = name, Position = [1, 2, 3], Tags = ["t"], Counters = new Gen.KiotaOpenApi.Models.Transform_counters { AdditionalData = new Dictionary<string, object> { ["hits"] = 7 } } };
        Gen.KiotaOpenApi.Models.Transform created = stack == "api" ? await client.Api.Transforms.PostAsync(transform) : await client.Minimal.Transforms.PostAsync(transform);
        return created!.Id!.Value;
    }

    public async Task<string> GetNameAsync(string stack, long id) =>
        (stack == "api" ? await client.Api.Transforms[id].GetAsync() : await client.Minimal.Transforms[id].GetAsync())!.Name;

    public async Task PatchNameAsync(string stack, long id, string name)
    {
        var patch = new Gen.KiotaOpenApi.Models.TransformMergePatch { Name = name };
        _ = stack == "api" ? await client.Api.Transforms[id].PatchAsync(patch) : await client.Minimal.Transforms[id].PatchAsync(patch);
    }
}
