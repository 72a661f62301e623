// Block-scoped namespace: these models also compile as C# 9 (tests/Jsonable.Mono.Tests, samples/UnityClient).
#nullable enable
using System.Collections.Generic;
using Jsonable;

namespace Jsonable.Samples.RealData
{
    [ToJson, FromJson]
    public partial class CitmCatalog
    {
        public Dictionary<string, string>? areaNames { get; set; }
        public Dictionary<string, string>? audienceSubCategoryNames { get; set; }
        public Dictionary<string, string>? blockNames { get; set; }
        public Dictionary<string, CitmEvent>? events { get; set; }
        public List<CitmPerformance>? performances { get; set; }
        public Dictionary<string, string>? seatCategoryNames { get; set; }
        public Dictionary<string, string>? subTopicNames { get; set; }
        public Dictionary<string, string>? subjectNames { get; set; }
        public Dictionary<string, string>? topicNames { get; set; }
        public Dictionary<string, int[]>? topicSubTopics { get; set; }
        public Dictionary<string, string>? venueNames { get; set; }
    }

    [ToJson, FromJson]
    public partial class CitmEvent
    {
        public string? description { get; set; }
        public int id { get; set; }
        public string? logo { get; set; }
        public string name { get; set; } = "";
        public int[] subTopicIds { get; set; } = System.Array.Empty<int>();
        public string? subjectCode { get; set; }
        public string? subtitle { get; set; }
        public int[] topicIds { get; set; } = System.Array.Empty<int>();
    }

    [ToJson, FromJson]
    public partial class CitmPerformance
    {
        public int eventId { get; set; }
        public int id { get; set; }
        public string? logo { get; set; }
        public string? name { get; set; }
        public List<CitmPrice>? prices { get; set; }
        public List<CitmSeatCategory>? seatCategories { get; set; }
        public string? seatMapImage { get; set; }
        public long start { get; set; }
        public string venueCode { get; set; } = "";
    }

    [ToJson, FromJson]
    public partial class CitmPrice
    {
        public int amount { get; set; }
        public int audienceSubCategoryId { get; set; }
        public int seatCategoryId { get; set; }
    }

    [ToJson, FromJson]
    public partial class CitmSeatCategory
    {
        public List<CitmArea>? areas { get; set; }
        public int seatCategoryId { get; set; }
    }

    [ToJson, FromJson]
    public partial class CitmArea
    {
        public int areaId { get; set; }
        public List<int>? blockIds { get; set; }
    }
}
