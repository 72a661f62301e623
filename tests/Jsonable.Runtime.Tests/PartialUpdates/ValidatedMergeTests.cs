#nullable enable
using System.Collections.Generic;
using System.ComponentModel.DataAnnotations;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Text;
using Jsonable.Metadata;

namespace Jsonable.Runtime.Tests.PartialUpdates;

/// <summary>
/// What the generated merge and validation make of nullable annotations and DataAnnotations: <c>null</c> for a member
/// declared non-nullable is refused with its JSON path (not for <c>T?</c>, <c>[AllowNull]</c> or a nullable-oblivious
/// type), and <see cref="JsonableValidation.Validate"/> keys errors as ASP.NET Core keys a body's.
/// </summary>
public sealed class ValidatedMergeTests
{
    public static TheoryData<JsonableFormat> Formats => new() { JsonableFormat.Json, JsonableFormat.Jmc1 };

    [Theory]
    [MemberData(nameof(Formats))]
    public void Null_ForANonNullableReferenceMember_IsRefusedWithItsPath_AndChangesNothing(JsonableFormat format)
    {
        var target = new AnnotatedOrder { Customer = "Ada", Note = "n", Loose = "l", Address = new AnnotatedAddress { City = "Oslo" } };

        var top = Assert.Throws<JsonableException>(() => Merge(target, """{"note":"changed","customer":null}""", format));
        var nested = Assert.Throws<JsonableException>(() => Merge(target, """{"address":{"city":null}}""", format));

        Assert.Equal("$.customer", top.Path);
        Assert.Contains("non-nullable", top.Reason);
        Assert.Equal("$.address.city", nested.Path);
        Assert.Equal(("Ada", "n", "Oslo"), (target.Customer, target.Note, target.Address!.City));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Null_ForANonNullableMemberOfAReplacedListItemOrACreatedObject_IsRefusedWithItsPath_AndChangesNothing(JsonableFormat format)
    {
        var target = new AnnotatedOrder { Customer = "Ada", Note = "n", Lines = [new AnnotatedLine { Sku = "A" }] };
        const string InList = """{"note":"changed","lines":[{"sku":"B"},{"sku":null}]}""";
        const string InCreated = """{"note":"changed","address":{"city":null}}""";

        var list = Assert.Throws<JsonableException>(() => Merge(target, InList, format));
        var created = Assert.Throws<JsonableException>(() => Merge(target, InCreated, format));
        var validated = Assert.Throws<JsonableException>(() => JsonableRegistry.GetTypeInfo<AnnotatedOrder>()!.ValidatePatch(Document(InList, format), format));

        Assert.Equal("$.lines[1].sku", list.Path);
        Assert.Contains("non-nullable", list.Reason);
        Assert.Equal("$.address.city", created.Path);
        Assert.Equal("$.lines[1].sku", validated.Path);
        Assert.Equal(("Ada", "n", "A", (AnnotatedAddress?)null), (target.Customer, target.Note, Assert.Single(target.Lines!).Sku, target.Address));
    }

    [Fact]
    public void Null_ForANonNullableMember_OfAPlainBody_IsRead_AsSystemTextJsonsWebDefaultsReadIt()
    {
        const string Body = """{"customer":null,"lines":[{"sku":null}]}""";

        AnnotatedOrder jsonable = AnnotatedOrder.CreateFromJson(Encoding.UTF8.GetBytes(Body));
        AnnotatedOrder stj = System.Text.Json.JsonSerializer.Deserialize<AnnotatedOrder>(Body, System.Text.Json.JsonSerializerOptions.Web)!;

        Assert.Null(stj.Lines![0].Sku);
        Assert.Equal((stj.Customer, stj.Lines[0].Sku), (jsonable.Customer, jsonable.Lines![0].Sku));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Null_ForANullableAllowNullOrObliviousMember_Clears(JsonableFormat format)
    {
        var target = new AnnotatedOrder { Customer = "Ada", Note = "n", Loose = "l" };
        var oblivious = new ObliviousOrder { Customer = "Ada" };

        Merge(target, """{"note":null,"loose":null}""", format);
        byte[] patch = Encoding.UTF8.GetBytes("""{"customer":null}""");
        _ = format == JsonableFormat.Json ? oblivious.MergeFromJson(patch) : oblivious.MergeFromJsonable(Jmc1Oracle.FromJson(patch));

        Assert.Null(target.Note);
        Assert.Null(target.Loose);
        Assert.Null(oblivious.Customer);
    }

    [Fact]
    public void Validate_KeysErrorsByDottedAndIndexedCSharpNames()
    {
        var order = new AnnotatedOrder
        {
            Customer = "",
            Quantity = 500,
            Address = new AnnotatedAddress { City = "" },
            Lines = [new AnnotatedLine { Sku = "A" }, new AnnotatedLine { Sku = "" }],
        };

        Dictionary<string, string[]>? errors = JsonableValidation.Validate(order);

        Assert.NotNull(errors);
        Assert.Equal(["Address.City", "Customer", "Lines[1].Sku", "Quantity"], [.. errors.Keys.Order(System.StringComparer.Ordinal)]);
        Assert.Equal("The Customer field is required.", errors["Customer"][0]);
    }

    [Fact]
    public void Validate_ValidValue_IsNull_AndIValidatableObjectRunsOnlyWhenMembersPass()
    {
        var valid = new AnnotatedOrder { Customer = "Ada", Quantity = 1 };
        var rejected = new AnnotatedOrder { Customer = "Ada", Quantity = 1, Note = "forbidden" };
        var both = new AnnotatedOrder { Customer = "", Quantity = 1, Note = "forbidden" };

        Assert.Null(JsonableValidation.Validate(valid));
        Assert.Equal(["Note"], JsonableValidation.Validate(rejected)!.Keys);
        Assert.Equal(["Customer"], JsonableValidation.Validate(both)!.Keys);
    }

    private static JsonableMemberSet Merge(AnnotatedOrder target, string json, JsonableFormat format)
    {
        byte[] patch = Encoding.UTF8.GetBytes(json);
        return format == JsonableFormat.Json ? target.MergeFromJson(patch) : target.MergeFromJsonable(Jmc1Oracle.FromJson(patch));
    }

    private static byte[] Document(string json, JsonableFormat format)
    {
        byte[] patch = Encoding.UTF8.GetBytes(json);
        return format == JsonableFormat.Json ? patch : Jmc1Oracle.FromJson(patch);
    }
}

/// <summary>Members in a nullable-enabled context, with DataAnnotations.</summary>
[ToJson, FromJson]
public partial class AnnotatedOrder : IValidatableObject
{
    [Required]
    public string Customer { get; set; } = "";

    [Range(1, 100)]
    public int Quantity { get; set; } = 1;

    public string? Note { get; set; }

    [AllowNull]
    public string Loose { get; set; } = "";

    public AnnotatedAddress? Address { get; set; }

    public List<AnnotatedLine>? Lines { get; set; }

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (Note == "forbidden")
        {
            yield return new ValidationResult("Not this note.", [nameof(Note)]);
        }
    }
}

/// <summary>A nested object.</summary>
[ToJson, FromJson]
public partial class AnnotatedAddress
{
    [Required]
    public string City { get; set; } = "";
}

/// <summary>A list element.</summary>
[ToJson, FromJson]
public partial class AnnotatedLine
{
    [Required]
    public string Sku { get; set; } = "";
}

#nullable disable
/// <summary>A type written without nullable annotations: its reference members take null, as before.</summary>
[ToJson, FromJson]
public partial class ObliviousOrder
{
    public string Customer { get; set; }
}
#nullable enable
