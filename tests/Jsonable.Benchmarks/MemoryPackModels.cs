#nullable enable
using System.Collections.Generic;
using MemoryPack;

namespace Jsonable.Benchmarks.MemoryPackModels;

// Benchmark-local copies of the real-data models (samples/RealData) for MemoryPack, whose source generator needs
// [MemoryPackable] on the type's own declaration: the models live in another assembly (shared by the sample app and
// the tests), and giving them a MemoryPack dependency only for the benchmarks would be the wrong trade. Same members,
// same order, same types; Payload checks that the data survives the copy (STJ's output of a copy must equal STJ's
// output of the model, and a member added to a model but not here fails that check).
#pragma warning disable CA1002, CA1819 // the shapes mirror the models, which use List<T> and arrays

/// <summary>MemoryPack copy of <see cref="Samples.RealData.TwitterRoot"/>.</summary>
[MemoryPackable]
public sealed partial class MpTwitterRoot
{
    public List<MpStatus>? statuses { get; set; }
    public MpSearchMetadata? search_metadata { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.Status"/>.</summary>
[MemoryPackable]
public sealed partial class MpStatus
{
    public MpStatusMetadata? metadata { get; set; }
    public string created_at { get; set; } = "";
    public long id { get; set; }
    public string id_str { get; set; } = "";
    public string text { get; set; } = "";
    public string source { get; set; } = "";
    public bool truncated { get; set; }
    public long? in_reply_to_status_id { get; set; }
    public string? in_reply_to_status_id_str { get; set; }
    public long? in_reply_to_user_id { get; set; }
    public string? in_reply_to_user_id_str { get; set; }
    public string? in_reply_to_screen_name { get; set; }
    public MpTwitterUser? user { get; set; }
    public MpGeoPoint? geo { get; set; }
    public MpGeoPoint? coordinates { get; set; }
    public MpPlace? place { get; set; }
    public List<MpContributor>? contributors { get; set; }
    public MpStatus? retweeted_status { get; set; }
    public int retweet_count { get; set; }
    public int favorite_count { get; set; }
    public MpStatusEntities? entities { get; set; }
    public bool favorited { get; set; }
    public bool retweeted { get; set; }
    public bool? possibly_sensitive { get; set; }
    public string lang { get; set; } = "";
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.StatusMetadata"/>.</summary>
[MemoryPackable]
public sealed partial class MpStatusMetadata
{
    public string result_type { get; set; } = "";
    public string iso_language_code { get; set; } = "";
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.TwitterUser"/>.</summary>
[MemoryPackable]
public sealed partial class MpTwitterUser
{
    public long id { get; set; }
    public string id_str { get; set; } = "";
    public string name { get; set; } = "";
    public string screen_name { get; set; } = "";
    public string location { get; set; } = "";
    public string description { get; set; } = "";
    public string? url { get; set; }
    public MpUserEntities? entities { get; set; }
    public bool @protected { get; set; }
    public int followers_count { get; set; }
    public int friends_count { get; set; }
    public int listed_count { get; set; }
    public string created_at { get; set; } = "";
    public int favourites_count { get; set; }
    public int? utc_offset { get; set; }
    public string? time_zone { get; set; }
    public bool geo_enabled { get; set; }
    public bool verified { get; set; }
    public int statuses_count { get; set; }
    public string lang { get; set; } = "";
    public bool contributors_enabled { get; set; }
    public bool is_translator { get; set; }
    public bool is_translation_enabled { get; set; }
    public string profile_background_color { get; set; } = "";
    public string profile_background_image_url { get; set; } = "";
    public string profile_background_image_url_https { get; set; } = "";
    public bool profile_background_tile { get; set; }
    public string profile_image_url { get; set; } = "";
    public string profile_image_url_https { get; set; } = "";
    public string? profile_banner_url { get; set; }
    public string profile_link_color { get; set; } = "";
    public string profile_sidebar_border_color { get; set; } = "";
    public string profile_sidebar_fill_color { get; set; } = "";
    public string profile_text_color { get; set; } = "";
    public bool profile_use_background_image { get; set; }
    public bool default_profile { get; set; }
    public bool default_profile_image { get; set; }
    public bool following { get; set; }
    public bool follow_request_sent { get; set; }
    public bool notifications { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.UserEntities"/>.</summary>
[MemoryPackable]
public sealed partial class MpUserEntities
{
    public MpUrlList? url { get; set; }
    public MpUrlList? description { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.UrlList"/>.</summary>
[MemoryPackable]
public sealed partial class MpUrlList
{
    public List<MpUrlEntity>? urls { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.UrlEntity"/>.</summary>
[MemoryPackable]
public sealed partial class MpUrlEntity
{
    public string url { get; set; } = "";
    public string expanded_url { get; set; } = "";
    public string display_url { get; set; } = "";
    public int[] indices { get; set; } = [];
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.StatusEntities"/>.</summary>
[MemoryPackable]
public sealed partial class MpStatusEntities
{
    public List<MpHashtag>? hashtags { get; set; }
    public List<MpHashtag>? symbols { get; set; }
    public List<MpUrlEntity>? urls { get; set; }
    public List<MpUserMention>? user_mentions { get; set; }
    public List<MpMedia>? media { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.Hashtag"/>.</summary>
[MemoryPackable]
public sealed partial class MpHashtag
{
    public string text { get; set; } = "";
    public int[] indices { get; set; } = [];
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.UserMention"/>.</summary>
[MemoryPackable]
public sealed partial class MpUserMention
{
    public string screen_name { get; set; } = "";
    public string name { get; set; } = "";
    public long id { get; set; }
    public string id_str { get; set; } = "";
    public int[] indices { get; set; } = [];
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.Media"/>.</summary>
[MemoryPackable]
public sealed partial class MpMedia
{
    public long id { get; set; }
    public string id_str { get; set; } = "";
    public int[] indices { get; set; } = [];
    public string media_url { get; set; } = "";
    public string media_url_https { get; set; } = "";
    public string url { get; set; } = "";
    public string display_url { get; set; } = "";
    public string expanded_url { get; set; } = "";
    public string type { get; set; } = "";
    public MpMediaSizes? sizes { get; set; }
    public long? source_status_id { get; set; }
    public string? source_status_id_str { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.MediaSizes"/>.</summary>
[MemoryPackable]
public sealed partial class MpMediaSizes
{
    public MpMediaSize? medium { get; set; }
    public MpMediaSize? small { get; set; }
    public MpMediaSize? thumb { get; set; }
    public MpMediaSize? large { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.MediaSize"/>.</summary>
[MemoryPackable]
public sealed partial class MpMediaSize
{
    public int w { get; set; }
    public int h { get; set; }
    public string resize { get; set; } = "";
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.GeoPoint"/>.</summary>
[MemoryPackable]
public sealed partial class MpGeoPoint
{
    public string type { get; set; } = "";
    public double[] coordinates { get; set; } = [];
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.Place"/>.</summary>
[MemoryPackable]
public sealed partial class MpPlace
{
    public string id { get; set; } = "";
    public string url { get; set; } = "";
    public string place_type { get; set; } = "";
    public string name { get; set; } = "";
    public string full_name { get; set; } = "";
    public string country_code { get; set; } = "";
    public string country { get; set; } = "";
    public MpBoundingBox? bounding_box { get; set; }
    public Dictionary<string, string>? attributes { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.BoundingBox"/>.</summary>
[MemoryPackable]
public sealed partial class MpBoundingBox
{
    public string type { get; set; } = "";
    public List<List<double[]>>? coordinates { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.Contributor"/>.</summary>
[MemoryPackable]
public sealed partial class MpContributor
{
    public long id { get; set; }
    public string id_str { get; set; } = "";
    public string screen_name { get; set; } = "";
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.SearchMetadata"/>.</summary>
[MemoryPackable]
public sealed partial class MpSearchMetadata
{
    public double completed_in { get; set; }
    public long max_id { get; set; }
    public string max_id_str { get; set; } = "";
    public string next_results { get; set; } = "";
    public string query { get; set; } = "";
    public string refresh_url { get; set; } = "";
    public int count { get; set; }
    public long since_id { get; set; }
    public string since_id_str { get; set; } = "";
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.CitmCatalog"/>.</summary>
[MemoryPackable]
public sealed partial class MpCitmCatalog
{
    public Dictionary<string, string>? areaNames { get; set; }
    public Dictionary<string, string>? audienceSubCategoryNames { get; set; }
    public Dictionary<string, string>? blockNames { get; set; }
    public Dictionary<string, MpCitmEvent>? events { get; set; }
    public List<MpCitmPerformance>? performances { get; set; }
    public Dictionary<string, string>? seatCategoryNames { get; set; }
    public Dictionary<string, string>? subTopicNames { get; set; }
    public Dictionary<string, string>? subjectNames { get; set; }
    public Dictionary<string, string>? topicNames { get; set; }
    public Dictionary<string, int[]>? topicSubTopics { get; set; }
    public Dictionary<string, string>? venueNames { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.CitmEvent"/>.</summary>
[MemoryPackable]
public sealed partial class MpCitmEvent
{
    public string? description { get; set; }
    public int id { get; set; }
    public string? logo { get; set; }
    public string name { get; set; } = "";
    public int[] subTopicIds { get; set; } = [];
    public string? subjectCode { get; set; }
    public string? subtitle { get; set; }
    public int[] topicIds { get; set; } = [];
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.CitmPerformance"/>.</summary>
[MemoryPackable]
public sealed partial class MpCitmPerformance
{
    public int eventId { get; set; }
    public int id { get; set; }
    public string? logo { get; set; }
    public string? name { get; set; }
    public List<MpCitmPrice>? prices { get; set; }
    public List<MpCitmSeatCategory>? seatCategories { get; set; }
    public string? seatMapImage { get; set; }
    public long start { get; set; }
    public string venueCode { get; set; } = "";
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.CitmPrice"/>.</summary>
[MemoryPackable]
public sealed partial class MpCitmPrice
{
    public int amount { get; set; }
    public int audienceSubCategoryId { get; set; }
    public int seatCategoryId { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.CitmSeatCategory"/>.</summary>
[MemoryPackable]
public sealed partial class MpCitmSeatCategory
{
    public List<MpCitmArea>? areas { get; set; }
    public int seatCategoryId { get; set; }
}

/// <summary>MemoryPack copy of <see cref="Samples.RealData.CitmArea"/>.</summary>
[MemoryPackable]
public sealed partial class MpCitmArea
{
    public int areaId { get; set; }
    public List<int>? blockIds { get; set; }
}

/// <summary>STJ metadata for the MemoryPack copies: how a model is copied into them and how a copy is checked against the model.</summary>
[System.Text.Json.Serialization.JsonSourceGenerationOptions(UnmappedMemberHandling = System.Text.Json.Serialization.JsonUnmappedMemberHandling.Disallow)]
[System.Text.Json.Serialization.JsonSerializable(typeof(MpTwitterRoot))]
[System.Text.Json.Serialization.JsonSerializable(typeof(MpCitmCatalog))]
public sealed partial class MemoryPackModelsJsonContext : System.Text.Json.Serialization.JsonSerializerContext
{
}
