using System.Collections.Generic;
using System.Linq;
using Jsonable.Generator.Model;

namespace Jsonable.Generator;

/// <summary>Registration of the generated type with the runtime registry.</summary>
internal sealed partial class Emitter
{
    private void EmitRegistration()
    {
        _w.Line("/// <summary>Registers this type with <see cref=\"global::Jsonable.JsonableRegistry\"/> when the assembly loads (no reflection at run time).</summary>");
        _w.Line("[global::System.Runtime.CompilerServices.ModuleInitializer]");
        _w.Line("[global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
        string write = _model.GenerateWriter ? "__JsonableWriteValue" : "null";
        string read = _model.GenerateReader ? "__JsonableReadValue" : "null";
        if (_model.PartialWriters.Count == 0 && !_model.GenerateReader)
        {
            _w.Line($"internal static {New("__JsonableRegister")}void __JsonableRegister() => {Rt}JsonableRegistry.Register<{SelfType}>({write}, {read});");
        }
        else
        {
            // Partial writers are registered by name so that property endpoints, fields selectors and PATCH clients find
            // them; the merge reader and member table so that PATCH endpoints can merge into any registered type.
            string tail = _model.GenerateReader
                ? $", {(_model.IsReadOnlyStruct ? "null" : "__JsonableMergeMembers")}, __JsonableMembers);"
                : ");";
            if (_model.PartialWriters.Count == 0)
            {
                _w.Line($"internal static {New("__JsonableRegister")}void __JsonableRegister() => {Rt}JsonableRegistry.Register<{SelfType}>({write}, {read}, global::System.Array.Empty<{Rt}JsonablePartialWriter<{SelfType}>>(){tail}");
            }
            else
            {
                _w.Line($"internal static {New("__JsonableRegister")}void __JsonableRegister() => {Rt}JsonableRegistry.Register<{SelfType}>({write}, {read}, new {Rt}JsonablePartialWriter<{SelfType}>[]");
                _w.Line("{");
                foreach (string property in _model.PartialWriters)
                {
                    MemberModel member = _model.Members.First(m => m.ClrName == property && m.CanWrite);
                    _w.Line($"    new {Rt}JsonablePartialWriter<{SelfType}>({NameEncoding.CSharpLiteral(property)}, {NameEncoding.CSharpLiteral(member.JsonName)}, __JsonableWriteValue_{property}),");
                }

                _w.Line("}" + tail);
            }
        }

        _w.Line();
    }
}
