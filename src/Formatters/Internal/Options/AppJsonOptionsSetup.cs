using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Jsonable.Metadata;
using HttpJsonOptions = Microsoft.AspNetCore.Http.Json.JsonOptions;
using MvcJsonOptions = Microsoft.AspNetCore.Mvc.JsonOptions;

namespace Jsonable.AspNetCore.Internal;

/// <summary>
/// Reads the app's JSON options (MVC's <c>AddJsonOptions</c>, minimal APIs' <c>ConfigureHttpJsonOptions</c>) when
/// Jsonable's options are made: applies to <see cref="JsonableOptions"/> what Jsonable can honour at run time, and, as
/// a validation that <c>AddJsonable</c> runs when the host starts (<c>ValidateOnStart</c>), fails with one message per
/// setting it cannot honour — or logs them, with <see cref="JsonableOptions.FailOnJsonOptionsMismatch"/> false.
/// </summary>
internal sealed class AppJsonOptionsSetup : IPostConfigureOptions<JsonableOptions>, IValidateOptions<JsonableOptions>, IDisposable
{
    internal const string MvcSource = "Microsoft.AspNetCore.Mvc.JsonOptions.JsonSerializerOptions (AddJsonOptions)";
    internal const string HttpSource = "Microsoft.AspNetCore.Http.Json.JsonOptions.SerializerOptions (ConfigureHttpJsonOptions)";

    private static readonly JsonableOptions s_jsonableDefaults = new();

    private readonly IOptions<MvcJsonOptions> _mvc;
    private readonly IOptions<HttpJsonOptions> _http;
    private readonly ILogger _logger;
    private readonly object _checkLock = new();
    private List<string>? _mismatches;
    private Action<Assembly, JsonableNamingPolicy>? _lateRegistration;

    public AppJsonOptionsSetup(IOptions<MvcJsonOptions> mvc, IOptions<HttpJsonOptions> http, ILoggerFactory loggerFactory)
    {
        _mvc = mvc;
        _http = http;
        _logger = loggerFactory.CreateLogger("Jsonable.AspNetCore.AppJsonOptions");
    }

    /// <summary>Applies the settings Jsonable honours at run time, where the app changed them and <see cref="JsonableOptions"/> did not.</summary>
    public void PostConfigure(string? name, JsonableOptions options)
    {
        if (name == Options.DefaultName)
        {
            Apply(options, conflicts: null);

            // Depth and enum names are per stack, as each stack's System.Text.Json reads its own options; the
            // reader and writer options are made here, once per app.
            options.Stacks = JsonableStacks.Create(options, _mvc.Value.JsonSerializerOptions, _http.Value.SerializerOptions);
        }
    }

    /// <summary>Finds every setting Jsonable cannot honour: a failure (the host does not start), or warnings when the app opted out.</summary>
    public ValidateOptionsResult Validate(string? name, JsonableOptions options)
    {
        if (name != Options.DefaultName)
        {
            return ValidateOptionsResult.Skip;
        }

        // Options are made more than once (IOptions and IOptionsMonitor cache apart); the app's JSON options are fixed
        // by then, so the check runs, logs and subscribes once.
        lock (_checkLock)
        {
            if (_mismatches is null)
            {
                _mismatches = Check(options);
                if (!options.FailOnJsonOptionsMismatch)
                {
                    foreach (string mismatch in _mismatches)
                    {
                        AppJsonOptionsLog.Mismatch(_logger, mismatch);
                    }
                }
            }
        }

        if (_mismatches.Count > 0 && options.FailOnJsonOptionsMismatch)
        {
            // Thrown rather than returned: the host prints it as it is, one short message without a stack trace.
            throw new JsonOptionsMismatchException(name, [
                "Jsonable cannot serve [ToJson]/[FromJson] types the way the app's JSON options ask, and would answer in two styles. "
                + "Change the settings below (or set JsonableOptions.FailOnJsonOptionsMismatch = false to log them as warnings instead):"
                + string.Concat(_mismatches.Select(m => Environment.NewLine + "- " + m))]);
        }

        return ValidateOptionsResult.Success;
    }

    private List<string> Check(JsonableOptions options)
    {
        AppJsonOptionsCheck.RunJsonableRegistrations();
        IReadOnlyList<KeyValuePair<Assembly, JsonableNamingPolicy>> policies = JsonableCompiledOptions.GetNamingPolicies();
        var mismatches = new List<string>();
        Apply(options, mismatches);
        mismatches.AddRange(AppJsonOptionsCheck.FindMismatches(_mvc.Value.JsonSerializerOptions, MvcSource, policies));
        mismatches.AddRange(AppJsonOptionsCheck.FindMismatches(_http.Value.SerializerOptions, HttpSource, policies));
        if (mismatches.Count > 0 && options.FailOnJsonOptionsMismatch)
        {
            return mismatches; // the host does not start
        }

        // An assembly whose registration runs only now (loaded after startup) is checked when it arrives; it can no
        // longer stop the host, so a mismatch there is logged as an error.
        _lateRegistration = (assembly, policy) =>
        {
            foreach (string late in AppJsonOptionsCheck.FindMismatches(_mvc.Value.JsonSerializerOptions, MvcSource, [new(assembly, policy)])
                .Concat(AppJsonOptionsCheck.FindMismatches(_http.Value.SerializerOptions, HttpSource, [new(assembly, policy)]))
                .Where(m => m.Contains(".PropertyNamingPolicy ", StringComparison.Ordinal)))
            {
                AppJsonOptionsLog.LateMismatch(_logger, late);
            }
        };
        JsonableCompiledOptions.AssemblyRegistered += _lateRegistration;

        return mismatches;
    }

    /// <summary>Stops watching for late assemblies when the app's services are disposed (a test process starts many apps).</summary>
    public void Dispose()
    {
        if (_lateRegistration is not null)
        {
            JsonableCompiledOptions.AssemblyRegistered -= _lateRegistration;
        }
    }

    /// <summary>
    /// Applies each setting Jsonable honours at run time with one value for both stacks (not <c>MaxDepth</c>, which is
    /// each stack's own: <see cref="JsonableStacks"/>), unless <see cref="JsonableOptions"/> already set it (an explicit
    /// Jsonable setting wins). Jsonable has one value of each for MVC and minimal APIs: where the two JSON options set
    /// different values, nothing is applied and <paramref name="conflicts"/> (when given) gets the reason.
    /// </summary>
    private void Apply(JsonableOptions options, List<string>? conflicts)
    {
        JsonSerializerOptions mvc = _mvc.Value.JsonSerializerOptions;
        JsonSerializerOptions http = _http.Value.SerializerOptions;

        ApplyOne(
            nameof(JsonSerializerOptions.PropertyNameCaseInsensitive),
            mvc.PropertyNameCaseInsensitive, true,
            http.PropertyNameCaseInsensitive, true,
            options.PropertyNameCaseInsensitive, s_jsonableDefaults.PropertyNameCaseInsensitive, nameof(JsonableOptions.PropertyNameCaseInsensitive),
            value => options.PropertyNameCaseInsensitive = value, conflicts);

        ApplyOne(
            nameof(JsonSerializerOptions.UnmappedMemberHandling),
            ToJsonable(mvc.UnmappedMemberHandling), JsonableUnknownMemberHandling.Skip,
            ToJsonable(http.UnmappedMemberHandling), JsonableUnknownMemberHandling.Skip,
            options.UnknownMemberHandling, s_jsonableDefaults.UnknownMemberHandling, nameof(JsonableOptions.UnknownMemberHandling),
            value => options.UnknownMemberHandling = value, conflicts);

        // MVC's own setting (minimal APIs have none): whether a malformed body's reason reaches the client.
        ApplyOne(
            nameof(MvcJsonOptions.AllowInputFormatterExceptionMessages),
            _mvc.Value.AllowInputFormatterExceptionMessages, true,
            true, true,
            options.AllowInputFormatterExceptionMessages, s_jsonableDefaults.AllowInputFormatterExceptionMessages, nameof(JsonableOptions.AllowInputFormatterExceptionMessages),
            value => options.AllowInputFormatterExceptionMessages = value, conflicts);
    }

    private void ApplyOne<T>(string property, T mvc, T mvcDefault, T http, T httpDefault, T jsonable, T jsonableDefault, string jsonableProperty, Action<T> set, List<string>? conflicts)
    {
        var comparer = EqualityComparer<T>.Default;
        bool mvcSet = !comparer.Equals(mvc, mvcDefault);
        bool httpSet = !comparer.Equals(http, httpDefault);
        if ((!mvcSet && !httpSet) || !comparer.Equals(jsonable, jsonableDefault))
        {
            return;
        }

        if (mvcSet && httpSet && !comparer.Equals(mvc, http))
        {
            conflicts?.Add($"AddJsonOptions sets {property} = {mvc} and ConfigureHttpJsonOptions sets {property} = {http}, but Jsonable has one JsonableOptions.{jsonableProperty} for MVC and minimal APIs. Choose one with AddJsonable(options => options.{jsonableProperty} = ...).");
            return;
        }

        T value = mvcSet ? mvc : http;
        if (conflicts is null)
        {
            set(value);
            AppJsonOptionsLog.Applied(_logger, property, value!.ToString()!, mvcSet ? "AddJsonOptions" : "ConfigureHttpJsonOptions", jsonableProperty);
        }
    }

    private static JsonableUnknownMemberHandling ToJsonable(JsonUnmappedMemberHandling handling) =>
        handling == JsonUnmappedMemberHandling.Disallow ? JsonableUnknownMemberHandling.Disallow : JsonableUnknownMemberHandling.Skip;
}
