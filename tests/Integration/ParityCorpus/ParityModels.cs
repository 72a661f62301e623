using System.ComponentModel.DataAnnotations;

namespace Jsonable.Integration.Tests.ParityCorpus;

/// <summary>
/// The DTO set of the parity app: what a typical order API exchanges. The attributes make it a Jsonable type; in the
/// host without Jsonable they are inert and System.Text.Json serves it.
/// </summary>
[ToJson, FromJson]
public partial class ParityOrder
{
    /// <summary>The route key: set by POST and PUT, never by a PATCH.</summary>
    [Editable(false)]
    public int Id { get; set; }

    /// <summary>Set when the order is created; a PATCH may not change it.</summary>
    [Editable(false)]
    public Guid Reference { get; set; }

    [Required]
    public string Number { get; set; } = "";

    public ParityOrderStatus Status { get; set; }

    [Required]
    public ParityCustomer Customer { get; set; } = new();

    public List<ParityOrderLine> Lines { get; set; } = [];

    public DateTimeOffset PlacedAt { get; set; }

    public DateTime? ShippedAt { get; set; }

    public DateOnly DeliveryDate { get; set; }

    public TimeOnly DeliveryWindowStart { get; set; }

    public TimeSpan HandlingTime { get; set; }

    public decimal Total { get; set; }

    public double Weight { get; set; }

    public long? TrackingNumber { get; set; }

    public string? Notes { get; set; }

    /// <summary>Where to deliver, when it differs from the customer's address: none until a client sets it.</summary>
    public ParityAddress? ShipTo { get; set; }
}

/// <summary>A delivery address: a nested object an order may lack, so a PATCH can create it.</summary>
[ToJson, FromJson]
public partial class ParityAddress
{
    [Required]
    public string City { get; set; } = "";

    public string? Street { get; set; }

    [Range(1, 99999)]
    public int? Zip { get; set; }
}

/// <summary>The customer nested in every <see cref="ParityOrder"/>.</summary>
[ToJson, FromJson]
public partial class ParityCustomer
{
    /// <summary>Who the customer is: a PATCH of the order may change the customer's name, not make it another customer.</summary>
    [Editable(false)]
    public int Id { get; set; }

    [Required]
    public string Name { get; set; } = "";

    public string? Email { get; set; }
}

/// <summary>One line of a <see cref="ParityOrder"/>.</summary>
[ToJson, FromJson]
public partial class ParityOrderLine
{
    [Required]
    public string Sku { get; set; } = "";

    [Range(1, 1000)]
    public int Quantity { get; set; }

    public decimal UnitPrice { get; set; }

    public double? Discount { get; set; }
}

/// <summary>An order's state, written as its number (the web defaults have no string-enum converter).</summary>
public enum ParityOrderStatus
{
    Pending,
    Shipped,
    Delivered,
}

/// <summary>A type Jsonable knows nothing about, returned by a route of the same app: it must be served as before.</summary>
public sealed class ParityStoreStats
{
    public int OrderCount { get; set; }

    public DateTimeOffset Since { get; set; }

    public Dictionary<string, decimal> TotalsByCurrency { get; set; } = [];
}
