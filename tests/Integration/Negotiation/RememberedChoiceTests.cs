using System.Net;
using System.Text;
using Jsonable.AspNetCore;
using Jsonable.AspNetCore.Http;
using Jsonable.Integration.Tests.Infrastructure;
using Jsonable.Samples.RealData;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;

namespace Jsonable.Integration.Tests.Negotiation;

/// <summary>
/// The format an <c>Accept</c> or <c>Content-Type</c> value leads to is worked out once per distinct value, not per
/// request: two apps in one process, one with JMC1 turned off, answer the same headers each by its own options, request
/// after request, in either order.
/// </summary>
public sealed class RememberedChoiceTests
{
    [Fact]
    public async Task SameHeaders_TwoApps_EachAnswersByItsOwnOptions()
    {
        await using WebApplication on = await StartAsync(enableJmc1: true);
        await using WebApplication off = await StartAsync(enableJmc1: false);
        byte[] jmc1Body = new CitmEvent { id = 7, name = "remembered" }.ToJsonable().ToArray();

        for (int round = 0; round < 3; round++)
        {
            foreach ((WebApplication app, bool jmc1) in new[] { (on, true), (off, false), (off, false), (on, true) })
            {
                (HttpResponseMessage get, byte[] got) = await app.GetTestClient().GetAsync("/events/7", Jmc1);
                Assert.Equal(HttpStatusCode.OK, get.StatusCode);
                Assert.Equal(jmc1 ? Jmc1 : "application/json; charset=utf-8", get.Content.Headers.ContentType?.ToString());
                Assert.Equal(jmc1 ? jmc1Body : Encoding.UTF8.GetBytes(new CitmEvent { id = 7, name = "remembered" }.ToJson()), got);

                (HttpResponseMessage post, _) = await app.GetTestClient().SendAsync(HttpMethod.Post, "/events", Jmc1, Requests.Body(jmc1Body, Jmc1));
                Assert.Equal(jmc1 ? HttpStatusCode.Created : HttpStatusCode.UnsupportedMediaType, post.StatusCode);
            }
        }
    }

    private const string Jmc1 = "application/jsonc+jmc1";

    private static async Task<WebApplication> StartAsync(bool enableJmc1)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseTestServer();
        builder.Services.AddJsonable(o => o.EnableJmc1 = enableJmc1);
        WebApplication app = builder.Build();
        app.UseJsonable();
        app.MapGet("/events/{id:int}", (int id) => JsonableResults.Ok(new CitmEvent { id = id, name = "remembered" }));
        app.MapPost("/events", (JsonableBody<CitmEvent> body) => JsonableResults.Created($"/events/{body.Value.id}", body.Value));
        await app.StartAsync();
        return app;
    }
}
