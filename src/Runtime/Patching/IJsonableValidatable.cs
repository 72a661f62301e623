namespace Jsonable.Metadata;

/// <summary>
/// Implemented by the generator on <c>[FromJson]</c> types that carry DataAnnotations (<c>[Required]</c>,
/// <c>[Range]</c>, ..., <c>IValidatableObject</c>) or hold generated types that may: validates an instance without
/// reflecting over its members, so a merge patch's result can be checked before it is committed. Use
/// <see cref="JsonableValidation.Validate"/> rather than calling it directly.
/// </summary>
[System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
public interface IJsonableValidatable
{
    /// <summary>Adds this instance's errors to <paramref name="validation"/>, keyed under its current prefix.</summary>
    /// <param name="validation">Where errors are collected.</param>
    void ValidateJsonable(JsonableValidation validation);
}
