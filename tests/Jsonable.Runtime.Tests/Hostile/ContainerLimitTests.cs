#nullable enable
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Jsonable.Samples.RealData;

namespace Jsonable.Runtime.Tests.Hostile;

/// <summary>
/// <see cref="JsonableReaderOptions.MaxContainersPerKilobyte"/>: a body may hold only so many objects, arrays and
/// dictionaries for its size, so 3-byte <c>{}</c>s cannot materialize many times the body's size; real data passes.
/// </summary>
public sealed class ContainerLimitTests
{
    [Fact]
    public void EmptyObjects_PastTheBudget_AreRejected_WithThePath()
    {
        // 4,000 empty objects in 12 KB: the budget is 12,000 * 128 / 1024 + 1,000 = 2,500.
        byte[] body = Media(4000);
        long budget = (body.Length * 128L / 1024) + JsonableReaderOptions.ContainerAllowance;

        JsonableException ex = Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson(body));

        Assert.Contains("MaxContainersPerKilobyte", ex.Reason, StringComparison.Ordinal);
        Assert.Contains(budget.ToString(System.Globalization.CultureInfo.InvariantCulture), ex.Reason, StringComparison.Ordinal);
        Assert.StartsWith("$.statuses[0].entities.media[", ex.Path, StringComparison.Ordinal);
        Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJsonable(body));
    }

    [Fact]
    public void EmptyObjects_WithinTheBudget_OrWithAHigherLimit_Read()
    {
        Assert.Equal(900, TwitterRoot.CreateFromJson(Media(900)).statuses![0].entities!.media!.Count);

        byte[] body = Media(4000);
        var generous = new JsonableReaderOptions { MaxContainersPerKilobyte = 400 };
        TwitterRoot? root = JsonableSerializer.Deserialize<TwitterRoot>(body, JsonableFormat.Json, generous);
        Assert.Equal(4000, root!.statuses![0].entities!.media!.Count);
    }

    [Fact]
    public void SkippedContainers_CountToo()
    {
        // Unknown members are skipped, but a skipped `[]` still costs the reader a level: the same budget applies.
        byte[] body = Encoding.UTF8.GetBytes("{\"unknown\":[" + string.Join(",", Enumerable.Repeat("[]", 4000)) + "]}");

        Assert.Throws<JsonableException>(() => TwitterRoot.CreateFromJson(body));
    }

    [Theory]
    [InlineData("twitter.json")]
    [InlineData("citm_catalog.json")]
    public void RealData_Compact_InBothFormats_IsWithinTheDefaultBudget(string file)
    {
        byte[] pretty = System.IO.File.ReadAllBytes(Infrastructure.JsonData.DataPath(file));
        if (file.StartsWith("twitter", StringComparison.Ordinal))
        {
            TwitterRoot twitter = TwitterRoot.CreateFromJson(pretty);
            Assert.Equal(100, TwitterRoot.CreateFromJson(JsonableSerializer.SerializeToUtf8Bytes(twitter, JsonableFormat.Json)).statuses!.Count);
            Assert.Equal(100, TwitterRoot.CreateFromJsonable(twitter.ToJsonable().Span).statuses!.Count);
            foreach (Status status in twitter.statuses!)
            {
                // The densest parts alone (entities, ~90 containers per KB) are still within the default.
                StatusEntities.CreateFromJson(Encoding.UTF8.GetBytes(status.entities!.ToJson()));
            }
        }
        else
        {
            CitmCatalog citm = CitmCatalog.CreateFromJson(pretty);
            Assert.Equal(citm.performances!.Count, CitmCatalog.CreateFromJson(JsonableSerializer.SerializeToUtf8Bytes(citm, JsonableFormat.Json)).performances!.Count);
            Assert.Equal(citm.performances.Count, CitmCatalog.CreateFromJsonable(citm.ToJsonable().Span).performances!.Count);
        }
    }

    [Fact]
    public void MaxContainersPerKilobyte_MustBePositive()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new JsonableReaderOptions { MaxContainersPerKilobyte = 0 });
    }

    private static byte[] Media(int count) =>
        Encoding.UTF8.GetBytes("{\"statuses\":[{\"entities\":{\"media\":[" + string.Join(",", Enumerable.Repeat("{}", count)) + "]}}]}");
}
