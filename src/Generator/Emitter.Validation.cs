using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>
/// DataAnnotations validation for generated types (<c>IJsonableValidatable</c>), which a merge patch's result passes
/// before it is committed: each member's <c>ValidationAttribute</c>s (found once per member through a
/// <c>typeof(T).GetProperty</c> that trimming keeps), nested generated values, then <c>IValidatableObject</c> and
/// type-level attributes. Emitted only where there is something to check.
/// </summary>
internal sealed partial class Emitter
{
    private const string Validation = Rt + "JsonableValidation";

    /// <summary>Whether the type gets a validator: it is read and written, and it or a member may have something to check.</summary>
    private bool GenerateValidation =>
        !_netStandardShape // the netstandard2.0 runtime (Unity clients) has no DataAnnotations validation
        && _model.GenerateReader && _model.GenerateWriter && _model.Polymorphism is null
        && (_model.HasTypeLevelValidation || ValidatedMembers().Any());

    private IEnumerable<MemberModel> ValidatedMembers() =>
        _model.Members.Where(m => m.CanWrite && m.CanRead && (m.HasValidationAttributes || MayHoldGenerated(m.Shape)));

    private static bool MayHoldGenerated(TypeShape shape) =>
        shape.Kind is ShapeKind.Generated or ShapeKind.TypeParameter
        || (shape.Kind != ShapeKind.Enum && shape.Element is { } element && MayHoldGenerated(element));

    private void EmitValidation()
    {
        const string flags = "global::System.Reflection.BindingFlags.Public | global::System.Reflection.BindingFlags.NonPublic | global::System.Reflection.BindingFlags.Instance | global::System.Reflection.BindingFlags.DeclaredOnly";
        const string attributes = "global::System.ComponentModel.DataAnnotations.ValidationAttribute[]";
        List<MemberModel> members = ValidatedMembers().ToList();
        foreach (MemberModel member in members.Where(m => m.HasValidationAttributes))
        {
            _w.Line($"private static {attributes}? __JsonableValidation_{Suffix(member)};");
        }

        _w.Line($"private static {attributes}? __JsonableTypeValidation;");
        _w.Line();
        _w.Line("/// <inheritdoc/>");
        _w.Open($"void {Md}IJsonableValidatable.ValidateJsonable({Validation} validation)");
        _w.Line("int errorsBefore = validation.ErrorCount;");
        foreach (MemberModel member in members)
        {
            string name = NameEncoding.CSharpLiteral(member.ClrName);
            if (member.HasValidationAttributes)
            {
                string lookup = member.IsField ? "GetField" : "GetProperty";
                _w.Line($"validation.Member(this, this.{member.Identifier}, {name}, __JsonableValidation_{Suffix(member)} ??= {Validation}.AttributesOf(typeof({member.DeclaringType}).{lookup}({name}, {flags})));");
            }

            if (MayHoldGenerated(member.Shape))
            {
                _w.Line($"validation.Nested(this.{member.Identifier}, {name});");
            }
        }

        _w.Line($"validation.Object(this, errorsBefore, __JsonableTypeValidation ??= {Validation}.AttributesOf(typeof({SelfType})));");
        _w.Close();
        _w.Line();
    }
}
