using System.Globalization;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// Merge patches and deltas of a value whose declared type is polymorphic (docs/polymorphism.md, docs/deltas.md). A
/// patch object merges into the stored value by its runtime type, with that type's members, dispatched over the listed
/// types as the writer dispatches (no reflection). A discriminator in the patch must be the stored value's (it is then
/// skipped): a merge patch cannot change a value's type. The delta of two values of the same listed type is that type's
/// nested patch, without the discriminator; values of different types are written whole, which the merge takes only
/// where nothing is stored.
/// </summary>
internal sealed partial class Emitter
{
    private const string MergeByTypeMethod = "__JsonableMergeByType";
    private const string MergeExactlyMethod = "__JsonableMergeValueExactly";
    private const string WritePatchExactlyMethod = "__JsonableWriteMergePatchExactly";

    private void EmitPolymorphicMerge()
    {
        if (_model.Polymorphism is not { } polymorphism)
        {
            return;
        }

        string typeName = NameEncoding.CSharpLiteral(_model.Name.TrimStart('@'));

        // Takes the value's type, so a derived polymorphic type's is an overload, not a hiding member.
        _w.Line($"/// <summary>Merges the object at the reader into <paramref name=\"existing\"/> with this type's own members (whatever a derived type adds is unknown here).</summary>");
        _w.Open($"internal static {SelfType} {MergeExactlyMethod}(ref {Rt}JsonableReader reader, {SelfType} existing, {MergeMode} mode)");
        EmitMergeObjectInto("existing");
        _w.Close();
        _w.Line();

        _w.Line($"/// <summary>Merges the object at the reader into a stored value whose declared type is {Escape(_model.Name.TrimStart('@'))}: its runtime type picks the members; a discriminator must be its own.</summary>");
        _w.Open($"private static {SelfType} {MergeByTypeMethod}(ref {Rt}JsonableReader reader, {SelfType} existing, {MergeMode} mode)");
        _w.Open($"if (!reader.TryReadTypeDiscriminator({NameEncoding.Utf8Literal(polymorphism.DiscriminatorPropertyName)}, out {Md}JsonableTypeDiscriminator discriminator))");
        _w.Line($"throw reader.NullNotAllowed({typeName}); // the caller reads null itself");
        _w.Close();
        _w.Line();
        _w.Line($"{SelfType} value;");
        _w.Open($"if (mode == {MergeMode}.Validate)");
        _w.Line("// No stored value: a discriminator names the type to check the members against; without one, which members");
        _w.Line("// exist depends on the stored value's type, and the object is checked when the patch is applied.");
        _w.Open("if (!discriminator.IsPresent)");
        _w.Line("reader.SkipValue();");
        _w.Line("value = existing;");
        _w.Close();
        foreach ((DerivedTypeModel derived, int _) in Mergeable(polymorphism).Where(p => p.Derived.HasDiscriminator))
        {
            _w.Open($"else if (discriminator.Is({DiscriminatorTest(derived)})) // {derived.FullyQualifiedName}");
            _w.Line($"value = {MergeInto(derived, $"default({derived.FullyQualifiedName})")};");
            _w.Close();
        }

        _w.Open("else");
        if (polymorphism.IgnoreUnrecognizedTypeDiscriminators)
        {
            _w.Line("reader.SkipValue(); // IgnoreUnrecognizedTypeDiscriminators: checked when applied");
            _w.Line("value = existing;");
        }
        else
        {
            _w.Line($"throw reader.UnknownTypeDiscriminator(discriminator, {typeName});");
        }

        _w.Close();
        _w.Close();

        // The same dispatch as the writer's (Emitter.Polymorphism.cs): each listed type exactly, then the fallback.
        int n = 0;
        foreach ((DerivedTypeModel derived, int _) in Mergeable(polymorphism))
        {
            _w.Open($"else if (existing is {derived.FullyQualifiedName} derived{n} && derived{n}.GetType() == typeof({derived.FullyQualifiedName})) // {NameEncoding.CommentText(derived.Display)}");
            EmitMergeDerived(derived, $"derived{n}");
            _w.Close();
            n++;
        }

        bool baseListed = polymorphism.DerivedTypes.Any(d => d.IsBase);
        if (!baseListed && !polymorphism.IsAbstract)
        {
            _w.Open($"else if (existing.GetType() == typeof({SelfType})) // {Escape(_model.Name.TrimStart('@'))} itself: its own members, no discriminator");
            EmitMergeDerived(null, "existing");
            _w.Close();
        }

        if (polymorphism.UnknownDerivedTypeHandling == "FallBackToNearestAncestor")
        {
            foreach ((DerivedTypeModel derived, int _) in Mergeable(polymorphism).Where(p => !p.Derived.IsBase).OrderByDescending(p => p.Derived.Depth))
            {
                _w.Open($"else if (existing is {derived.FullyQualifiedName} derived{n}) // FallBackToNearestAncestor: written as {NameEncoding.CommentText(derived.Display)}");
                EmitMergeDerived(derived, $"derived{n}");
                _w.Close();
                n++;
            }
        }

        _w.Open("else");
        _w.Line("// Written as the base (or not at all, under FailSerialization): the base's own members.");
        EmitMergeDerived(polymorphism.DerivedTypes.FirstOrDefault(d => d.IsBase), "existing");
        _w.Close();
        _w.Line();
        _w.Line("reader.EndPolymorphicObject(discriminator);");
        _w.Line("return value;");
        _w.Close();
        _w.Line();
    }

    /// <summary>The listed types a merge can dispatch to, with their index (the discriminator constants' suffix).</summary>
    private static System.Collections.Generic.IEnumerable<(DerivedTypeModel Derived, int Index)> Mergeable(PolymorphismModel polymorphism) =>
        polymorphism.DerivedTypes.Select((d, i) => (d, i)).Where(p => p.d.CanRead);

    private static string DiscriminatorTest(DerivedTypeModel derived) =>
        derived.StringDiscriminator is { } text ? NameEncoding.Utf8Literal(text) : derived.IntDiscriminator.ToString(CultureInfo.InvariantCulture);

    /// <summary>Checks the patch's discriminator against the one <paramref name="derived"/> is written with (none when null or listed without), then merges.</summary>
    private void EmitMergeDerived(DerivedTypeModel? derived, string value)
    {
        if (derived is { HasDiscriminator: true })
        {
            _w.Open($"if (discriminator.IsPresent && !discriminator.Is({DiscriminatorTest(derived)}))");
            _w.Line($"throw reader.PatchCannotChangeType(discriminator, {NameEncoding.CSharpLiteral(derived.Display)});");
        }
        else
        {
            _w.Open("if (discriminator.IsPresent)");
            _w.Line("throw reader.PatchCannotChangeType(discriminator, null);");
        }

        _w.Close();
        _w.Line();
        _w.Line($"value = {(derived is null ? $"{MergeExactlyMethod}(ref reader, {value}, mode)" : MergeInto(derived, value))};");
    }

    /// <summary>The expression that merges the object at the reader into <paramref name="value"/> as <paramref name="derived"/> exactly.</summary>
    private string MergeInto(DerivedTypeModel derived, string value) =>
        derived.IsBase ? $"{MergeExactlyMethod}(ref reader, {value}, mode)"
        : derived.IsPolymorphic ? $"{derived.FullyQualifiedName}.{MergeExactlyMethod}(ref reader, {value}, mode)"
        : $"{Md}JsonableCodec.Merge<{derived.FullyQualifiedName}>(ref reader, {value}, mode)";

    /// <summary>
    /// The delta of a polymorphic value: where both sides hold the same listed type, that type's nested patch (without the
    /// discriminator: it does not change, and an RFC 7396 merge leaves absent members alone), else the value whole.
    /// </summary>
    private void EmitPolymorphicWriteMergePatch(PolymorphismModel polymorphism)
    {
        _w.Open($"private static bool __JsonableWriteMergePatch(ref {Rt}JsonableWriter writer, {SelfType} previous, {SelfType} current)");
        _w.Open("if (__JsonableEquals(previous, current))");
        _w.Line("writer.WriteObjectStart();");
        _w.Line("writer.WriteObjectEnd();");
        _w.Line("return false;");
        _w.Close();
        _w.Line();
        _w.Open("if (previous is not null && current is not null && previous.GetType() == current.GetType())");
        _w.Open("switch (current)");
        foreach (DerivedTypeModel derived in polymorphism.DerivedTypes.Where(d => d.CanRead && d.CanWrite))
        {
            _w.Line($"case {derived.FullyQualifiedName} derived when derived.GetType() == typeof({derived.FullyQualifiedName}): // {NameEncoding.CommentText(derived.Display)}");
            if (derived.IsBase || derived.IsPolymorphic)
            {
                string owner = derived.IsBase ? string.Empty : derived.FullyQualifiedName + ".";
                _w.Line($"    return {owner}{WritePatchExactlyMethod}(ref writer, ({derived.FullyQualifiedName})previous, derived);");
            }
            else
            {
                _w.Line($"    {Delta}.WriteObjectPatch<{derived.FullyQualifiedName}>(ref writer, ({derived.FullyQualifiedName})previous, derived);");
                _w.Line("    return true;");
            }
        }

        if (!polymorphism.DerivedTypes.Any(d => d.IsBase) && !polymorphism.IsAbstract)
        {
            _w.Line($"case {SelfType} when current.GetType() == typeof({SelfType}): // {Escape(_model.Name.TrimStart('@'))} itself");
            _w.Line($"    return {WritePatchExactlyMethod}(ref writer, previous, current);");
        }

        _w.Close();
        _w.Close();
        _w.Line();
        _w.Line("// Another type (or an unlisted one): whole, with its discriminator; the merge takes it where no value is stored.");
        _w.Line("__JsonableWriteValue(ref writer, current);");
        _w.Line("return true;");
        _w.Close();
        _w.Line();
    }
}
