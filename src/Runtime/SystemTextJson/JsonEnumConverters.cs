using System;
using System.ComponentModel;
using System.Buffers;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization;
using Jsonable.Metadata;

namespace Jsonable.SystemTextJson;

/// <summary>
/// A global <c>JsonStringEnumConverter</c> in a <see cref="JsonSerializerOptions"/>, honoured: the <see cref="JsonableEnumNames"/> that
/// name each enum the generated code would write as a number the way that converter names it (docs/json-options.md).
/// The names are the converter's own: each member is written through it once, when the enum is first used, so a naming
/// policy (built-in or custom) and <c>[JsonStringEnumMemberName]</c> come out exactly as System.Text.Json writes them;
/// whether it reads integers is asked of it the same way. Public for Jsonable's own packages (Jsonable.AspNetCore
/// checks and applies the app's JSON options with it); not for application code.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class JsonEnumConverters
{
    /// <summary>The enum names <paramref name="options"/> ask for, or null when they hold no string enum converter.</summary>
    /// <param name="options">The serializer options whose converters are looked at.</param>
    /// <returns>The names, or <see langword="null"/>.</returns>
    public static JsonableEnumNames? From(JsonSerializerOptions options)
    {
        if (!options.Converters.Any(IsEnumStringConverter))
        {
            return null;
        }

        var probe = new Probe(options);
        return new JsonableEnumNames(info => info.Accept(probe));
    }

    /// <summary>Whether the converter is STJ's string enum converter (either form, or one derived from it).</summary>
    /// <param name="converter">The converter.</param>
    /// <returns>Whether it names enums as strings.</returns>
    public static bool IsEnumStringConverter(JsonConverter converter)
    {
        for (Type? type = converter.GetType(); type is not null; type = type.BaseType)
        {
            if (type == typeof(JsonStringEnumConverter) || (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(JsonStringEnumConverter<>)))
            {
                return true;
            }
        }

        return false;
    }

    private sealed class Probe(JsonSerializerOptions options) : IJsonableEnumVisitor<JsonableEnumNames.Naming?>
    {
        public JsonableEnumNames.Naming? Visit<TEnum>(JsonableEnumInfo<TEnum> info)
            where TEnum : struct, Enum
        {
            // As STJ chooses: the first converter of the options that converts the enum; one that is not a string enum
            // converter is refused at ASP.NET Core's startup (AppJsonOptionsCheck), and the enum stays as the generated code writes it.
            JsonConverter? first = options.Converters.FirstOrDefault(c => c.CanConvert(typeof(TEnum)));
            if (first is null || !IsEnumStringConverter(first))
            {
                return null;
            }

            var converter = (first as JsonConverter<TEnum> ?? ((JsonConverterFactory)first).CreateConverter(typeof(TEnum), options)) as JsonConverter<TEnum>;
            if (converter is null)
            {
                return null;
            }

            var names = new string[info.Values.Count];
            var buffer = new ArrayBufferWriter<byte>();
            for (int i = 0; i < names.Length; i++)
            {
                buffer.ResetWrittenCount();
                using (var writer = new Utf8JsonWriter(buffer))
                {
                    converter.Write(writer, (TEnum)Enum.ToObject(typeof(TEnum), unchecked((long)info.Values[i])), options);
                }

                var reader = new Utf8JsonReader(buffer.WrittenSpan);
                reader.Read();
                names[i] = reader.TokenType == JsonTokenType.String ? reader.GetString()! : info.CustomNames[i] ?? info.Identifiers[i];
            }

            return new JsonableEnumNames.Naming(names, ReadsIntegers(converter));
        }

        private bool ReadsIntegers<TEnum>(JsonConverter<TEnum> converter)
        {
            var reader = new Utf8JsonReader("0"u8);
            reader.Read();
            try
            {
                converter.Read(ref reader, typeof(TEnum), options);
                return true;
            }
            catch (JsonException)
            {
                return false;
            }
        }
    }
}
