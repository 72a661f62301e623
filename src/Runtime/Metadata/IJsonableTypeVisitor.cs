namespace Jsonable.Metadata;

/// <summary>
/// Receives a <see cref="JsonableTypeInfo"/> as its strongly typed <see cref="JsonableTypeInfo{T}"/>, so code that holds
/// only a <see cref="System.Type"/> (an MVC formatter, for example) can call generic code for it without reflection.
/// </summary>
/// <typeparam name="TResult">What the visit returns.</typeparam>
public interface IJsonableTypeVisitor<out TResult>
{
    /// <summary>Called with the strongly typed info.</summary>
    /// <typeparam name="T">The described type.</typeparam>
    /// <param name="info">The info.</param>
    TResult Visit<T>(JsonableTypeInfo<T> info);
}
