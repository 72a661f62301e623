using Npgsql;

namespace Jsonable.Samples.WebApi.Storage;

/// <summary>
/// Which database the sample keeps its data in. SQLite (a file next to the app, nothing to install) unless
/// <c>Store</c> says <c>postgres</c> (<c>--store postgres</c>) or a <c>ConnectionStrings:Postgres</c> is set; several
/// instances behind a balancer share one PostgreSQL database (docs/scale-out.md).
/// </summary>
/// <param name="Kind"><see cref="Sqlite"/> or <see cref="Postgres"/>.</param>
/// <param name="ConnectionString">The SQLite or Npgsql connection string.</param>
public sealed record SampleStorage(string Kind, string ConnectionString)
{
    /// <summary>The embedded default.</summary>
    public const string Sqlite = "sqlite";

    /// <summary>The server database several instances can share.</summary>
    public const string Postgres = "postgres";

    /// <summary>Reads <c>Store</c>, <c>ConnectionStrings:Postgres</c> and <c>ConnectionStrings:Sample</c> (SQLite).</summary>
    public static SampleStorage From(IConfiguration configuration)
    {
        string? postgres = configuration.GetConnectionString("Postgres");
        string kind = (configuration["Store"] ?? (string.IsNullOrEmpty(postgres) ? Sqlite : Postgres)).ToLowerInvariant();
        return kind switch
        {
            Sqlite => new SampleStorage(Sqlite, configuration.GetConnectionString("Sample") ?? "Data Source=jsonable-sample.db"),
            Postgres when !string.IsNullOrEmpty(postgres) => new SampleStorage(Postgres, postgres),
            Postgres => throw new InvalidOperationException(
                "--store postgres needs ConnectionStrings:Postgres, e.g. --ConnectionStrings:Postgres \"Host=127.0.0.1;Port=5432;Username=postgres;Database=jsonable\" "
                + "or the environment variable ConnectionStrings__Postgres."),
            _ => throw new InvalidOperationException($"Store '{kind}' is not {Sqlite} or {Postgres} (--store sqlite|postgres)."),
        };
    }
}

/// <summary>Registers the sample's stores.</summary>
public static class SampleStorageRegistration
{
    /// <summary>
    /// Adds <see cref="ISampleStore"/> and <see cref="ITransformStore"/> on the database that configuration names
    /// (<see cref="SampleStorage.From"/>), read when the host is built, so that test hosts can change it, and opened as it starts.
    /// </summary>
    public static IServiceCollection AddSampleStores(this IServiceCollection services)
    {
        string dataDirectory = Path.Combine(AppContext.BaseDirectory, "data");
        services.AddSingleton(s => SampleStorage.From(s.GetRequiredService<IConfiguration>()));
        services.AddSingleton(s => NpgsqlDataSource.Create(s.GetRequiredService<SampleStorage>().ConnectionString));
        services.AddSingleton<ISampleStore>(s => s.GetRequiredService<SampleStorage>() is { Kind: SampleStorage.Postgres }
            ? new PostgresSampleStore(s.GetRequiredService<NpgsqlDataSource>(), dataDirectory, s.GetRequiredService<ILogger<PostgresSampleStore>>())
            : new SqliteSampleStore(s.GetRequiredService<SampleStorage>().ConnectionString, dataDirectory));
        // Transforms:VersionLogLength: how many versions of each transform the version log keeps (a client further behind gets a snapshot).
        services.AddSingleton<ITransformStore>(s => s.GetRequiredService<SampleStorage>() is { Kind: SampleStorage.Postgres }
            ? new PostgresTransformStore(s.GetRequiredService<NpgsqlDataSource>(), s.GetRequiredService<ILogger<PostgresTransformStore>>(), VersionLogLength(s))
            : new SqliteTransformStore(s.GetRequiredService<SampleStorage>().ConnectionString, VersionLogLength(s)));
        services.AddHostedService<StoresOpenedOnStart>();
        return services;
    }

    private static int VersionLogLength(IServiceProvider services) =>
        services.GetRequiredService<IConfiguration>().GetValue("Transforms:VersionLogLength", TransformVersionLog.DefaultLength);
}

/// <summary>
/// Opens both stores (creating and seeding their tables, and listening to the other instances' writes) while the host
/// starts, before the server takes requests. Opened by the first request instead, the store would be built under the
/// dependency-injection lock of its singleton with blocking database calls, and a burst of requests arriving meanwhile
/// would hold every thread-pool thread waiting for it, starving the pool for as long as new threads take to come.
/// A database that cannot be reached also fails the start rather than the first request.
/// </summary>
internal sealed class StoresOpenedOnStart(IServiceProvider services) : IHostedLifecycleService
{
    public Task StartingAsync(CancellationToken cancellationToken)
    {
        _ = services.GetRequiredService<ISampleStore>();
        _ = services.GetRequiredService<ITransformStore>();
        return Task.CompletedTask;
    }

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartedAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}

/// <summary>What the PostgreSQL stores share.</summary>
internal static class PostgresSchema
{
    // Any fixed number: instances of the sample take this transaction-scoped lock around creating and seeding tables.
    private const long SchemaLockKey = 0x4A534F4E41424C45; // "JSONABLE"

    /// <summary>Waits until no other instance is creating or seeding tables in this database, until the transaction ends.</summary>
    public static void Lock(NpgsqlConnection connection, NpgsqlTransaction tx)
    {
        using var command = new NpgsqlCommand("SELECT pg_advisory_xact_lock($1)", connection, tx);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = SchemaLockKey });
        command.ExecuteNonQuery();
    }
}
