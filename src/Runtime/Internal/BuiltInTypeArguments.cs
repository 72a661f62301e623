using System;
using Jsonable.Metadata;

namespace Jsonable;

/// <summary>
/// The infos of the built-in types a generated generic type accepts as a type argument (<c>Page&lt;int&gt;</c>): those of
/// <see cref="Internal.JsonableTypeLists.BuiltInTypeArguments"/>, which the generator checks <c>[JsonableType]</c>
/// arguments against. Never registered: the formatters must not claim them.
/// </summary>
internal static class BuiltInTypeArguments
{
    /// <summary>The info of <typeparamref name="T"/> when it is a built-in type argument, else null.</summary>
    public static JsonableTypeInfo<T>? Get<T>()
    {
        // Each typeof test folds to a constant per instantiation, so native AOT keeps one branch.
        object? info =
            typeof(T) == typeof(string) ? Info<string>(static (ref JsonableWriter w, string v) => w.WriteString(v), static (ref JsonableReader r) => r.ReadString())
            : typeof(T) == typeof(bool) ? Info<bool>(static (ref JsonableWriter w, bool v) => w.WriteBoolean(v), static (ref JsonableReader r) => r.ReadBoolean())
            : typeof(T) == typeof(byte) ? Info<byte>(static (ref JsonableWriter w, byte v) => w.WriteNumber((ulong)v), static (ref JsonableReader r) => r.ReadByte())
            : typeof(T) == typeof(short) ? Info<short>(static (ref JsonableWriter w, short v) => w.WriteNumber((long)v), static (ref JsonableReader r) => r.ReadInt16())
            : typeof(T) == typeof(int) ? Info<int>(static (ref JsonableWriter w, int v) => w.WriteNumber((long)v), static (ref JsonableReader r) => r.ReadInt32())
            : typeof(T) == typeof(long) ? Info<long>(static (ref JsonableWriter w, long v) => w.WriteNumber(v), static (ref JsonableReader r) => r.ReadInt64())
            : typeof(T) == typeof(uint) ? Info<uint>(static (ref JsonableWriter w, uint v) => w.WriteNumber((ulong)v), static (ref JsonableReader r) => r.ReadUInt32())
            : typeof(T) == typeof(ulong) ? Info<ulong>(static (ref JsonableWriter w, ulong v) => w.WriteNumber(v), static (ref JsonableReader r) => r.ReadUInt64())
            : typeof(T) == typeof(float) ? Info<float>(static (ref JsonableWriter w, float v) => w.WriteNumber(v), static (ref JsonableReader r) => r.ReadSingle())
            : typeof(T) == typeof(double) ? Info<double>(static (ref JsonableWriter w, double v) => w.WriteNumber(v), static (ref JsonableReader r) => r.ReadDouble())
            : typeof(T) == typeof(decimal) ? Info<decimal>(static (ref JsonableWriter w, decimal v) => w.WriteNumber(v), static (ref JsonableReader r) => r.ReadDecimal())
            : typeof(T) == typeof(Guid) ? Info<Guid>(static (ref JsonableWriter w, Guid v) => w.WriteGuid(v), static (ref JsonableReader r) => r.ReadGuid())
            : typeof(T) == typeof(DateTime) ? Info<DateTime>(static (ref JsonableWriter w, DateTime v) => w.WriteDateTime(v), static (ref JsonableReader r) => r.ReadDateTime())
            : typeof(T) == typeof(DateTimeOffset) ? Info<DateTimeOffset>(static (ref JsonableWriter w, DateTimeOffset v) => w.WriteDateTimeOffset(v), static (ref JsonableReader r) => r.ReadDateTimeOffset())
#if NET
            : typeof(T) == typeof(DateOnly) ? Info<DateOnly>(static (ref JsonableWriter w, DateOnly v) => w.WriteDateOnly(v), static (ref JsonableReader r) => r.ReadDateOnly())
#endif
            : typeof(T) == typeof(TimeSpan) ? Info<TimeSpan>(static (ref JsonableWriter w, TimeSpan v) => w.WriteTimeSpan(v), static (ref JsonableReader r) => r.ReadTimeSpan())
            : typeof(T) == typeof(Uri) ? Info<Uri>(static (ref JsonableWriter w, Uri v) => w.WriteUri(v), static (ref JsonableReader r) => r.ReadUri())
            : null;
        return (JsonableTypeInfo<T>?)info;

        static JsonableTypeInfo<TValue> Info<TValue>(JsonableWriteAction<TValue> write, JsonableReadFunc<TValue> read) => new(write, read, isObject: false);
    }
}
