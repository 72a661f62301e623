namespace Jsonable.Metadata;

/// <summary>Writes one value of <typeparamref name="T"/> (generated code supplies these).</summary>
/// <typeparam name="T">The value's type.</typeparam>
/// <param name="writer">The writer.</param>
/// <param name="value">The value to write; may be <see langword="null"/> for reference types.</param>
public delegate void JsonableWriteAction<in T>(ref JsonableWriter writer, T value);

/// <summary>Reads one value of <typeparamref name="T"/> (generated code supplies these).</summary>
/// <typeparam name="T">The value's type.</typeparam>
/// <param name="reader">The reader, positioned before the value.</param>
/// <returns>The value; <see langword="null"/> when the JSON value is <c>null</c> and <typeparamref name="T"/> allows it.</returns>
public delegate T? JsonableReadFunc<out T>(ref JsonableReader reader);

/// <summary>Reads an object's members into an existing instance (generated code supplies these).</summary>
/// <typeparam name="T">The instance's type.</typeparam>
/// <param name="reader">The reader, positioned just after the object's <c>{</c>.</param>
/// <param name="target">The instance to fill.</param>
public delegate void JsonableReadIntoAction<T>(ref JsonableReader reader, ref T target);

/// <summary>Merges an object's members into an existing instance with RFC 7396 semantics (generated code supplies these).</summary>
/// <typeparam name="T">The instance's type.</typeparam>
/// <param name="reader">The reader, positioned just after the object's <c>{</c>.</param>
/// <param name="target">The instance to merge into (neither read nor written in <see cref="JsonableMergeMode.Validate"/>).</param>
/// <param name="mode">Whether to validate, check or apply.</param>
/// <param name="changed">Receives the ids of the members the document names.</param>
public delegate void JsonableMergeAction<T>(ref JsonableReader reader, ref T target, JsonableMergeMode mode, ref JsonableMemberSet changed);

/// <summary>
/// Writes one value of <typeparamref name="T"/> as a generated asynchronous writer does: member by member and element by
/// element, awaiting a flush whenever enough bytes are pending (generated code supplies these).
/// </summary>
/// <typeparam name="T">The value's type.</typeparam>
/// <param name="context">The output, the flush and the nesting depth the write continues from.</param>
/// <param name="value">The value to write.</param>
/// <returns>Completes when the value is written.</returns>
public delegate System.Threading.Tasks.ValueTask JsonableWriteAsyncFunc<in T>(JsonableAsyncWriteContext context, T value);
