#nullable enable
using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace Jsonable.Runtime.Tests.Deltas;

/// <summary>
/// Random changes to a generated object, in place, by reflection over its settable properties: scalars changed, nullable
/// members cleared (only those annotated nullable), nested objects changed or created, elements added, removed or
/// changed in lists and arrays, dictionary entries added, removed or changed. Deterministic for a seed.
/// </summary>
internal sealed class DeltaMutator(int seed)
{
    private const int MaxDepth = 3;

    private readonly Random _random = new(seed);
    private readonly NullabilityInfoContext _nullability = new();
    private int _counter;

    /// <summary>Changes each member with probability <paramref name="share"/>, and at least one.</summary>
    public void MutateMembers(object value, double share, int depth = 0)
    {
        PropertyInfo[] properties = Settable(value.GetType());
        List<PropertyInfo> chosen = properties.Where(_ => _random.NextDouble() < share).ToList();
        if (chosen.Count == 0)
        {
            chosen.Add(properties[_random.Next(properties.Length)]);
        }

        foreach (PropertyInfo property in chosen)
        {
            bool nullable = !property.PropertyType.IsValueType && _nullability.Create(property).WriteState == NullabilityState.Nullable;
            property.SetValue(value, Mutate(property.PropertyType, property.GetValue(value), nullable, depth));
        }
    }

    private static PropertyInfo[] Settable(Type type) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanRead && p.CanWrite).ToArray();

    private static bool IsGenerated(Type type) => type.IsDefined(typeof(ToJsonAttribute), inherit: false);

    private object? Mutate(Type type, object? old, bool nullable, int depth)
    {
        if (nullable && old is not null && _random.Next(4) == 0)
        {
            return null; // cleared
        }

        if (Nullable.GetUnderlyingType(type) is Type inner)
        {
            return old is not null && _random.Next(3) == 0 ? null : Fresh(inner, depth);
        }

        if (old is null)
        {
            return Fresh(type, depth);
        }

        if (IsGenerated(type))
        {
            if (depth >= MaxDepth || _random.Next(4) == 0)
            {
                return Fresh(type, depth); // a different object altogether
            }

            MutateMembers(old, 0.2, depth + 1); // a nested change
            return old;
        }

        if (type.IsArray)
        {
            Type element = type.GetElementType()!;
            var list = new List<object?>(((IEnumerable)old).Cast<object?>());
            ChangeSequence(list, element, depth);
            var array = Array.CreateInstance(element, list.Count);
            for (int i = 0; i < list.Count; i++)
            {
                array.SetValue(list[i], i);
            }

            return array;
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            var items = (IList)old;
            var list = new List<object?>(items.Cast<object?>());
            ChangeSequence(list, type.GetGenericArguments()[0], depth);
            items.Clear();
            foreach (object? item in list)
            {
                items.Add(item);
            }

            return old;
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(Dictionary<,>))
        {
            var dictionary = (IDictionary)old;
            Type valueType = type.GetGenericArguments()[1];
            int choice = _random.Next(3);
            if (choice == 0 || dictionary.Count == 0)
            {
                dictionary["added" + ++_counter] = Fresh(valueType, depth);
            }
            else
            {
                object key = dictionary.Keys.Cast<object>().ElementAt(_random.Next(dictionary.Count));
                if (choice == 1)
                {
                    dictionary.Remove(key);
                }
                else
                {
                    dictionary[key] = Mutate(valueType, dictionary[key], nullable: false, depth + 1);
                }
            }

            return old;
        }

        return type switch
        {
            _ when type == typeof(string) => _random.Next(3) == 0 ? "changed \"é\" " + ++_counter : old + "+" + ++_counter,
            _ when type == typeof(int) => (int)old + 1 + _random.Next(1000),
            _ when type == typeof(long) => (long)old + 1 + _random.Next(1000),
            _ when type == typeof(double) => (double)old + 0.25,
            _ when type == typeof(float) => (float)old - 1.5f,
            _ when type == typeof(bool) => !(bool)old,
            _ => throw new NotSupportedException("No mutation for " + type),
        };
    }

    private void ChangeSequence(List<object?> list, Type element, int depth)
    {
        int choice = _random.Next(3);
        if (choice == 0 || list.Count == 0)
        {
            list.Insert(_random.Next(list.Count + 1), Fresh(element, depth));
        }
        else if (choice == 1)
        {
            list.RemoveAt(_random.Next(list.Count));
        }
        else
        {
            int index = _random.Next(list.Count);
            list[index] = Mutate(element, list[index], nullable: false, depth + 1);
        }
    }

    /// <summary>A new value of <paramref name="type"/>; a generated object gets about half its members set.</summary>
    private object Fresh(Type type, int depth)
    {
        if (type == typeof(string))
        {
            return "fresh " + ++_counter;
        }

        if (type == typeof(int))
        {
            return _random.Next(100_000);
        }

        if (type == typeof(long))
        {
            return (long)_random.Next(100_000) * 1_000_003;
        }

        if (type == typeof(double))
        {
            return _random.Next(1000) / 8.0;
        }

        if (type == typeof(bool))
        {
            return _random.Next(2) == 0;
        }

        if (type == typeof(float))
        {
            return _random.Next(1000) / 4f;
        }

        if (type.IsArray)
        {
            var array = Array.CreateInstance(type.GetElementType()!, _random.Next(3));
            for (int i = 0; i < array.Length; i++)
            {
                array.SetValue(Fresh(type.GetElementType()!, depth + 1), i);
            }

            return array;
        }

        object value = Activator.CreateInstance(type)!;
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            ((IList)value).Add(Fresh(type.GetGenericArguments()[0], depth + 1));
        }
        else if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(Dictionary<,>))
        {
            ((IDictionary)value)["fresh" + ++_counter] = Fresh(type.GetGenericArguments()[1], depth + 1);
        }
        else if (IsGenerated(type) && depth < MaxDepth)
        {
            MutateMembers(value, 0.5, depth + 1);
        }

        return value;
    }
}
