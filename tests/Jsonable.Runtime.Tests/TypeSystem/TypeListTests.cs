using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Jsonable.Internal;

namespace Jsonable.Runtime.Tests.TypeSystem;

/// <summary>
/// The runtime's typeof branches (kept for native AOT) serve exactly the lists in Internal/JsonableTypeLists.cs, the file
/// the generator compiles too: a type added to a list without a branch (or a branch without the list) fails here.
/// </summary>
public sealed class TypeListTests
{
    private static readonly Type[] s_notBuiltIn = [typeof(char), typeof(sbyte), typeof(ushort), typeof(TimeOnly), typeof(object), typeof(int?), typeof(Listing)];

    [Fact]
    public void BuiltInTypeArguments_ServesEveryListedType_AndNoOther()
    {
        foreach (string name in JsonableTypeLists.BuiltInTypeArguments)
        {
            Type type = Resolve(name);
            Assert.True(BuiltInInfo(type) is not null, $"{name} is listed but BuiltInTypeArguments has no info for it");
        }

        foreach (Type type in s_notBuiltIn)
        {
            Assert.True(BuiltInInfo(type) is null, $"{type} has an info but is not listed");
        }
    }

    [Fact]
    public void RootDictionaries_OfEveryListedDefinitionAndKey_AreFound_AndOtherKeysExplained()
    {
        Type[] keys = [.. JsonableTypeLists.RootDictionaryKeys.Select(name => Resolve(name))];
        foreach (string definitionName in JsonableTypeLists.RootDictionaryDefinitions)
        {
            Type definition = Resolve(definitionName);
            foreach (Type key in keys)
            {
                Type dictionary = definition.MakeGenericType(key, typeof(Listing));
                Assert.True(JsonableRegistry.TryGetTypeInfo(dictionary, out _), $"{dictionary} is listed but not found");
            }

            Type byByte = definition.MakeGenericType(typeof(byte), typeof(Listing));
            Assert.False(JsonableRegistry.TryGetTypeInfo(byByte, out _));
            Assert.Contains("a root dictionary's key must be string, int, long or Guid", JsonableRegistry.ExplainNotFound(byByte), StringComparison.Ordinal);
        }
    }

    [Fact]
    public void RootSequences_OfEveryListedDefinition_AreFound()
    {
        foreach (string name in JsonableTypeLists.RootSequenceDefinitions)
        {
            Type sequence = Resolve(name).MakeGenericType(typeof(Listing));
            Assert.True(JsonableRegistry.TryGetTypeInfo(sequence, out _), $"{sequence} is listed but not found");
        }

        Assert.True(JsonableRegistry.TryGetTypeInfo(typeof(IAsyncEnumerable<Listing>), out _));
        Assert.False(JsonableRegistry.TryGetTypeInfo(typeof(HashSet<Listing>), out _));
    }

    /// <summary>A listed metadata name as a type: the lists name framework types, all in CoreLib but <see cref="Uri"/>.</summary>
    private static Type Resolve(string metadataName) =>
        typeof(object).Assembly.GetType(metadataName) ?? typeof(Uri).Assembly.GetType(metadataName, throwOnError: true)!;

    private static object? BuiltInInfo(Type type) =>
        typeof(BuiltInTypeArguments).GetMethod(nameof(BuiltInTypeArguments.Get), BindingFlags.Public | BindingFlags.Static)!
            .MakeGenericMethod(type).Invoke(null, null);
}
