using System.Text.Json.Serialization;

namespace Jsonable.Internal;

/// <summary>
/// Whether <typeparamref name="T"/> is polymorphic (<c>[JsonPolymorphic]</c> or <c>[JsonDerivedType]</c>): a value of it
/// may be any listed derived type, so reading with <c>reuseInstance</c> replaces it whole instead of filling the
/// existing instance as <typeparamref name="T"/> (which would drop a derived type's members or keep the wrong type).
/// </summary>
/// <typeparam name="T">A generated type.</typeparam>
internal static class PolymorphicType<T>
{
    public static readonly bool IsPolymorphic =
        typeof(T).IsDefined(typeof(JsonPolymorphicAttribute), inherit: false) ||
        typeof(T).IsDefined(typeof(JsonDerivedTypeAttribute), inherit: false);
}
