using System.Reflection;
using Jsonable.Samples.WebApi.Storage;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Data.Sqlite;
using Npgsql;
using Xunit.Sdk;

namespace Jsonable.Integration.Tests.Infrastructure;

/// <summary>
/// One database that several in-memory instances of the sample share, in either store: a SQLite file, or a fresh
/// schema of the PostgreSQL database that <see cref="PostgresDataAttribute.ConnectionVariable"/> names. Disposing it
/// stops the instances and deletes the file or drops the schema.
/// </summary>
public sealed class SharedSampleDatabase : IDisposable
{
    private readonly List<SampleApiFactory> _instances = [];
    private readonly string _settingName;
    private readonly string _settingValue;
    private readonly Action _delete;

    private SharedSampleDatabase(string store, string settingName, string settingValue, Action delete)
    {
        Store = store;
        _settingName = settingName;
        _settingValue = settingValue;
        _delete = delete;
    }

    /// <summary><see cref="SampleStorage.Sqlite"/> or <see cref="SampleStorage.Postgres"/>.</summary>
    public string Store { get; }

    /// <summary>A new, empty database of <paramref name="store"/>'s kind (seeded by the first instance).</summary>
    public static SharedSampleDatabase Create(string store)
    {
        if (store == SampleStorage.Sqlite)
        {
            string file = Path.Combine(Path.GetTempPath(), $"jsonable-shared-{Guid.NewGuid():N}.db");
            return new SharedSampleDatabase(store, "ConnectionStrings:Sample", $"Data Source={file}", () =>
            {
                SqliteConnection.ClearAllPools();
                foreach (string path in new[] { file, file + "-wal", file + "-shm" })
                {
                    File.Delete(path);
                }
            });
        }

        string connectionString = PostgresDataAttribute.ConnectionString
            ?? throw new InvalidOperationException(
                $"{PostgresDataAttribute.RequireVariable}=1 but {PostgresDataAttribute.ConnectionVariable} is not set: start a server with "
                + $"`eval \"$(bash .ci/postgres start)\"` (it sets {PostgresDataAttribute.ConnectionVariable}).");
        string schema = $"test_{Guid.NewGuid():N}";
        Execute(connectionString, $"CREATE SCHEMA {schema}");
        // Test classes run in parallel on a machine that is often busy: a small pool per instance keeps the number of
        // backends PostgreSQL forks at once down, and a long timeout lets opening one wait for a slow fork.
        return new SharedSampleDatabase(store, "ConnectionStrings:Postgres", $"{connectionString};Search Path={schema};Maximum Pool Size=16;Timeout=60", () =>
            Execute(connectionString, $"DROP SCHEMA {schema} CASCADE"));
    }

    /// <summary>Starts one more instance of the sample on this database.</summary>
    public SampleApiFactory StartInstance()
    {
        var instance = new Instance(Store, _settingName, _settingValue);
        _instances.Add(instance);
        return instance;
    }

    public void Dispose()
    {
        foreach (SampleApiFactory instance in _instances)
        {
            instance.Dispose();
        }

        _delete();
    }

    private static void Execute(string connectionString, string sql)
    {
        using var connection = new NpgsqlConnection(connectionString);
        connection.Open();
        using var command = new NpgsqlCommand(sql, connection);
        command.ExecuteNonQuery();
    }

    private sealed class Instance(string store, string settingName, string settingValue) : SampleApiFactory
    {
        protected override void ConfigureWebHost(IWebHostBuilder builder)
        {
            base.ConfigureWebHost(builder);
            builder.UseSetting("Store", store);
            builder.UseSetting(settingName, settingValue);
        }
    }
}

/// <summary>
/// The theory row <c>"postgres"</c> for tests that run on both stores. Skipped, with how to start a server, when
/// <see cref="ConnectionVariable"/> is not set (a machine without PostgreSQL running the README's test command); with
/// <c>JSONABLE_REQUIRE_POSTGRES=1</c> (CI sets it) it runs anyway and fails, so CI can never skip it silently.
/// </summary>
[DataDiscoverer("Xunit.Sdk.DataDiscoverer", "xunit.core")]
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class PostgresDataAttribute : DataAttribute
{
    /// <summary>The Npgsql connection string of a database the tests may create schemas in (.ci/postgres sets it).</summary>
    public const string ConnectionVariable = "JSONABLE_POSTGRES";

    /// <summary>The variable that turns the skip into a failure.</summary>
    public const string RequireVariable = "JSONABLE_REQUIRE_POSTGRES";

    /// <summary>Sets <see cref="DataAttribute.Skip"/> when no server is configured and none is required.</summary>
    public PostgresDataAttribute()
    {
        if (ConnectionString is null && Environment.GetEnvironmentVariable(RequireVariable) != "1")
        {
            Skip = $"No PostgreSQL: {ConnectionVariable} is not set. Start a throwaway server with `eval \"$(bash .ci/postgres start)\"` "
                + $"(or set {RequireVariable}=1 to make this a failure instead of a skip).";
        }
    }

    /// <summary>The value of <see cref="ConnectionVariable"/>, or null.</summary>
    public static string? ConnectionString =>
        Environment.GetEnvironmentVariable(ConnectionVariable) is { Length: > 0 } value ? value : null;

    /// <inheritdoc />
    public override IEnumerable<object[]> GetData(MethodInfo testMethod) => [[SampleStorage.Postgres]];
}
