#nullable enable
using System;
using System.Reflection;
using System.Reflection.Emit;

namespace Jsonable.Tests.Shared;

/// <summary>
/// Types as a models library built without the Jsonable package has them: marked <c>[ToJson]</c>, with no generated
/// code. Linked as source into each test project that checks what Jsonable says about such a type.
/// </summary>
internal static class UngeneratedTypes
{
    /// <summary>A public class <paramref name="typeName"/> marked [ToJson] in a new assembly of its own that no generator has seen.</summary>
    public static Type DefineMarked(string typeName, out string assemblyName)
    {
        assemblyName = "NoGenerator" + Guid.NewGuid().ToString("N");
        AssemblyBuilder assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName(assemblyName), AssemblyBuilderAccess.Run);
        TypeBuilder type = assembly.DefineDynamicModule(assemblyName).DefineType(typeName, TypeAttributes.Public | TypeAttributes.Class);
        type.SetCustomAttribute(new CustomAttributeBuilder(typeof(ToJsonAttribute).GetConstructor(Type.EmptyTypes)!, []));
        type.DefineDefaultConstructor(MethodAttributes.Public);
        return type.CreateType()!;
    }
}
