// Block-scoped namespace: these models also compile as C# 9 (tests/Jsonable.Mono.Tests, samples/UnityClient).
#nullable enable
using System.Collections.Generic;
using System.ComponentModel.DataAnnotations;
using Jsonable;

namespace Jsonable.Samples.RealData
{
    [ToJson, FromJson]
    public partial class TwitterRoot
    {
        public List<Status>? statuses { get; set; }
        public SearchMetadata? search_metadata { get; set; }
    }

    [ToJson, FromJson]
    public partial class Status
    {
        public StatusMetadata? metadata { get; set; }
        public string created_at { get; set; } = "";
        // The key and its text twin: a PATCH that changed either would let two statuses share a key (400 instead).
        [Editable(false)]
        public long id { get; set; }

        [Editable(false)]
        public string id_str { get; set; } = "";
        public string text { get; set; } = "";
        public string source { get; set; } = "";
        public bool truncated { get; set; }
        public long? in_reply_to_status_id { get; set; }
        public string? in_reply_to_status_id_str { get; set; }
        public long? in_reply_to_user_id { get; set; }
        public string? in_reply_to_user_id_str { get; set; }
        public string? in_reply_to_screen_name { get; set; }
        public TwitterUser? user { get; set; }
        public GeoPoint? geo { get; set; }
        public GeoPoint? coordinates { get; set; }
        public Place? place { get; set; }
        public List<Contributor>? contributors { get; set; }
        public Status? retweeted_status { get; set; }
        public int retweet_count { get; set; }
        public int favorite_count { get; set; }
        public StatusEntities? entities { get; set; }
        public bool favorited { get; set; }
        public bool retweeted { get; set; }
        public bool? possibly_sensitive { get; set; }
        public string lang { get; set; } = "";
    }

    [ToJson, FromJson]
    public partial class StatusMetadata
    {
        public string result_type { get; set; } = "";
        public string iso_language_code { get; set; } = "";
    }

    [ToJson, FromJson]
    public partial class TwitterUser
    {
        public long id { get; set; }
        public string id_str { get; set; } = "";
        public string name { get; set; } = "";
        public string screen_name { get; set; } = "";
        public string location { get; set; } = "";
        public string description { get; set; } = "";
        public string? url { get; set; }
        public UserEntities? entities { get; set; }
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

    [ToJson, FromJson]
    public partial class UserEntities
    {
        public UrlList? url { get; set; }
        public UrlList? description { get; set; }
    }

    [ToJson, FromJson]
    public partial class UrlList
    {
        public List<UrlEntity>? urls { get; set; }
    }

    [ToJson, FromJson]
    public partial class UrlEntity
    {
        public string url { get; set; } = "";
        public string expanded_url { get; set; } = "";
        public string display_url { get; set; } = "";
        public int[] indices { get; set; } = System.Array.Empty<int>();
    }

    [ToJson, FromJson]
    public partial class StatusEntities
    {
        public List<Hashtag>? hashtags { get; set; }
        public List<Hashtag>? symbols { get; set; }
        public List<UrlEntity>? urls { get; set; }
        public List<UserMention>? user_mentions { get; set; }
        public List<Media>? media { get; set; }
    }

    [ToJson, FromJson]
    public partial class Hashtag
    {
        public string text { get; set; } = "";
        public int[] indices { get; set; } = System.Array.Empty<int>();
    }

    [ToJson, FromJson]
    public partial class UserMention
    {
        public string screen_name { get; set; } = "";
        public string name { get; set; } = "";
        public long id { get; set; }
        public string id_str { get; set; } = "";
        public int[] indices { get; set; } = System.Array.Empty<int>();
    }

    [ToJson, FromJson]
    public partial class Media
    {
        public long id { get; set; }
        public string id_str { get; set; } = "";
        public int[] indices { get; set; } = System.Array.Empty<int>();
        public string media_url { get; set; } = "";
        public string media_url_https { get; set; } = "";
        public string url { get; set; } = "";
        public string display_url { get; set; } = "";
        public string expanded_url { get; set; } = "";
        public string type { get; set; } = "";
        public MediaSizes? sizes { get; set; }
        public long? source_status_id { get; set; }
        public string? source_status_id_str { get; set; }
    }

    [ToJson, FromJson]
    public partial class MediaSizes
    {
        public MediaSize? medium { get; set; }
        public MediaSize? small { get; set; }
        public MediaSize? thumb { get; set; }
        public MediaSize? large { get; set; }
    }

    [ToJson, FromJson]
    public partial class MediaSize
    {
        public int w { get; set; }
        public int h { get; set; }
        public string resize { get; set; } = "";
    }

    [ToJson, FromJson]
    public partial class GeoPoint
    {
        public string type { get; set; } = "";
        public double[] coordinates { get; set; } = System.Array.Empty<double>();
    }

    [ToJson, FromJson]
    public partial class Place
    {
        public string id { get; set; } = "";
        public string url { get; set; } = "";
        public string place_type { get; set; } = "";
        public string name { get; set; } = "";
        public string full_name { get; set; } = "";
        public string country_code { get; set; } = "";
        public string country { get; set; } = "";
        public BoundingBox? bounding_box { get; set; }
        public Dictionary<string, string>? attributes { get; set; }
    }

    [ToJson, FromJson]
    public partial class BoundingBox
    {
        public string type { get; set; } = "";
        public List<List<double[]>>? coordinates { get; set; }
    }

    [ToJson, FromJson]
    public partial class Contributor
    {
        public long id { get; set; }
        public string id_str { get; set; } = "";
        public string screen_name { get; set; } = "";
    }

    [ToJson, FromJson]
    public partial class SearchMetadata
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
}
