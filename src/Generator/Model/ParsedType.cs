namespace Jsonable.Generator.Model;

/// <summary>
/// What parsing one type yields, split as System.Text.Json's generator splits it: the <see cref="Model"/> that source
/// is generated from (no locations), and the diagnostics to report (with locations). The pipeline feeds them to two
/// separate outputs, so an edit that only moves the type re-reports its diagnostics but leaves its source cached.
/// </summary>
/// <param name="Model">The source model.</param>
/// <param name="Diagnostics">The diagnostics that apply whatever the naming policy.</param>
/// <param name="NamingConflicts">JSONABLE007s that apply only if their naming policy ends up in force.</param>
internal sealed record ParsedType(TypeModel Model, EquatableArray<DiagnosticInfo> Diagnostics, EquatableArray<NamingConflictModel> NamingConflicts);
