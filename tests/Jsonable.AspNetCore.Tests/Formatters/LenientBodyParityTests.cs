using System.Text;
using System.Text.Json;
using Jsonable.AspNetCore.Formatters;
using Jsonable.AspNetCore.Tests.Infrastructure;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Logging.Abstractions;

namespace Jsonable.AspNetCore.Tests.Formatters;

/// <summary>
/// ASP.NET Core's web defaults accept more than strict JSON-to-type mapping: numbers in strings, names in any case, unknown
/// members, a repeated member. The same corpus of such bodies (and of near misses) posted to System.Text.Json's formatter
/// and to Jsonable's JSON and JMC1 formatters binds the same data, or fails (a 400) in all of them.
/// </summary>
public sealed class LenientBodyParityTests
{
    /// <summary>Lenient-but-valid bodies, and near misses that STJ's web defaults reject.</summary>
    public static TheoryData<string> Bodies =>
    [
        """{"name":"a","count":"3","total":"12.5"}""",
        """{"count":"-3","total":"-0.5"}""",
        """{"count":"+3","total":"1e2"}""",
        """{"count":"03","total":".5"}""",
        """{"count":"\u0033","total":"1\u0030"}""",
        """{"lines":[{"sku":"x","quantity":"2"},{"sku":"y","quantity":3}]}""",
        """{"primary":{"sku":"p","quantity":"7"}}""",
        """{"NAME":"upper","Count":1,"TOTAL":2,"Primary":{"SKU":"s","Quantity":"5"}}""",
        """{"name":"a","unknown":{"nested":[1,"2",{"x":null}]},"count":1}""",
        """{"name":"first","name":"second"}""",
        """ { "name" : "spaced" , "count" : "4" } """,
        """{"count":-0,"total":1.10}""",
        // Near misses: rejected by STJ's web defaults, so by Jsonable too.
        """{"count":" 3"}""",
        """{"count":"3 "}""",
        """{"count":"3.0"}""",
        """{"count":"three"}""",
        """{"count":""}""",
        """{"count":"99999999999"}""",
        """{"total":"NaN"}""",
        """{"total":"1,5"}""",
        """{"count":null}""",
        """{"name":3}""",
        """{"name":"a",}""",
        """{"lines":[{"quantity":"1e2"}]}""",
    ];

    [Theory]
    [MemberData(nameof(Bodies))]
    public async Task LenientBody_JsonableJsonAndJmc1_BindAsStjWebDefaults(string json)
    {
        (bool stjError, string? stjData) = await Read(new SystemTextJsonInputFormatter(new JsonOptions(), NullLogger<SystemTextJsonInputFormatter>.Instance), "application/json", Encoding.UTF8.GetBytes(json));
        (bool jsonError, string? jsonData) = await Read(new JsonableJsonInputFormatter(new JsonableOptions(), NullLogger<JsonableJsonInputFormatter>.Instance), "application/json", Encoding.UTF8.GetBytes(json));
        (bool jmc1Error, string? jmc1Data) = await Read(new JsonableJmc1InputFormatter(new JsonableOptions(), NullLogger<JsonableJmc1InputFormatter>.Instance), "application/jsonc+jmc1", Jmc1(json));

        Assert.Equal((stjError, stjData), (jsonError, jsonData));
        Assert.Equal((stjError, stjData), (jmc1Error, jmc1Data));
    }

    [Fact]
    public async Task Corpus_HasBodiesBoundAndBodiesRejected()
    {
        // The parity above would hold vacuously if STJ bound every body, or none.
        var formatter = new SystemTextJsonInputFormatter(new JsonOptions(), NullLogger<SystemTextJsonInputFormatter>.Instance);
        var outcomes = new List<bool>();
        foreach (string json in Bodies)
        {
            outcomes.Add((await Read(formatter, "application/json", Encoding.UTF8.GetBytes(json))).HasError);
        }

        Assert.Contains(true, outcomes);
        Assert.Contains(false, outcomes);
        Assert.False((await Read(formatter, "application/json", """{"count":"3"}"""u8.ToArray())).HasError);
    }

    private static async Task<(bool HasError, string? Data)> Read(IInputFormatter formatter, string contentType, byte[] body)
    {
        InputFormatterContext context = FormatterContexts.Input(typeof(Order), contentType, body);
        InputFormatterResult result = await formatter.ReadAsync(context);
        Assert.Equal(result.HasError, !context.ModelState.IsValid);
        return (result.HasError, result.HasError ? null : JsonSerializer.Serialize((Order?)result.Model, JsonSerializerOptions.Web));
    }

    /// <summary>The JSON as a JMC1 writer would put it: a header before every object, a length comment before every string and name.</summary>
    private static byte[] Jmc1(string json)
    {
        var bytes = new List<byte>();
        byte[] utf8 = Encoding.UTF8.GetBytes(json);
        for (int i = 0; i < utf8.Length; i++)
        {
            byte b = utf8[i];
            if (b == (byte)'{')
            {
                bytes.AddRange("/*JMC1*/"u8.ToArray());
            }
            else if (b == (byte)'"')
            {
                int end = i + 1;
                while (utf8[end] != (byte)'"')
                {
                    end += utf8[end] == (byte)'\\' ? 2 : 1;
                }

                bytes.AddRange(Jmc1Oracle.LengthComment(end - i - 1));
                bytes.AddRange(utf8.AsSpan(i, end - i + 1).ToArray());
                i = end;
                continue;
            }

            // JMC1 has no whitespace between tokens.
            if (b is not ((byte)' ' or (byte)'\n' or (byte)'\r' or (byte)'\t'))
            {
                bytes.Add(b);
            }
        }

        return [.. bytes];
    }
}
