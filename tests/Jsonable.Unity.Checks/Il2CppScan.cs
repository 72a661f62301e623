using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;

namespace Jsonable.Unity.Checks;

/// <summary>
/// What IL2CPP cannot compile ahead of time, or strips, found in IL: every call site in every method body of the named
/// assemblies is checked for
///   - MakeGenericType / MakeGenericMethod (a generic instantiation IL2CPP never saw),
///   - reflection over members (Type.GetProperty/GetField/GetMethod/..., Activator.CreateInstance): what the linker
///     cannot follow, so generated members reached that way would be stripped,
///   - System.Reflection.Emit,
///   - a generic virtual (or interface) method instantiated over a value type: IL2CPP needs every such instantiation
///     at build time and falls back to slow or failing paths when it misses one.
/// RuntimeHelpers.RunClassConstructor (how the netstandard2.0 registry starts generated code) is allowed: IL2CPP supports it.
/// </summary>
internal static class Il2CppScan
{
    private static readonly HashSet<string> s_reflectionTypes = new(StringComparer.Ordinal)
    {
        "System.Type", "System.Reflection.TypeInfo", "System.Reflection.MethodInfo", "System.Reflection.MethodBase",
        "System.Activator", "System.Reflection.IReflect",
    };

    private static readonly HashSet<string> s_reflectionMethods = new(StringComparer.Ordinal)
    {
        "MakeGenericType", "MakeGenericMethod", "GetProperty", "GetProperties", "GetField", "GetFields", "GetMethod",
        "GetMethods", "GetMember", "GetMembers", "GetConstructor", "GetConstructors", "InvokeMember", "CreateInstance",
        "GetDeclaredProperty", "GetDeclaredField", "GetDeclaredMethod",
    };

    private static readonly Dictionary<short, OperandType> s_operands = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!)
        .ToDictionary(op => op.Value, op => op.OperandType);

    public static List<string> Scan(string directory, IReadOnlyList<string> assemblies)
    {
        var problems = new List<string>();
        var resolver = new VirtualMethodResolver(directory);
        foreach (string name in assemblies)
        {
            string path = Path.Combine(directory, name);
            using var pe = new PEReader(File.OpenRead(path));
            MetadataReader md = pe.GetMetadataReader();
            int calls = 0;
            foreach (TypeDefinitionHandle typeHandle in md.TypeDefinitions)
            {
                TypeDefinition type = md.GetTypeDefinition(typeHandle);
                foreach (MethodDefinitionHandle methodHandle in type.GetMethods())
                {
                    MethodDefinition method = md.GetMethodDefinition(methodHandle);
                    if (method.RelativeVirtualAddress == 0)
                    {
                        continue;
                    }

                    string where = $"{name}: {FullName(md, typeHandle)}::{md.GetString(method.Name)}";
                    foreach (EntityHandle target in CallTargets(pe.GetMethodBody(method.RelativeVirtualAddress).GetILReader()))
                    {
                        calls++;
                        string? problem = Check(md, target, resolver);
                        if (problem is not null)
                        {
                            problems.Add($"{where} {problem}");
                        }
                    }
                }
            }

            Console.WriteLine($"{name}: {calls} call sites scanned");
        }

        return problems;
    }

    private static string? Check(MetadataReader md, EntityHandle target, VirtualMethodResolver resolver)
    {
        ImmutableArray<TypeArg> typeArgs = ImmutableArray<TypeArg>.Empty;
        if (target.Kind == HandleKind.MethodSpecification)
        {
            MethodSpecification spec = md.GetMethodSpecification((MethodSpecificationHandle)target);
            typeArgs = spec.DecodeSignature(TypeArgProvider.Instance, null);
            target = spec.Method;
        }

        (string declaringType, string methodName, bool? isVirtual) = Describe(md, target, resolver);
        if (s_reflectionTypes.Contains(declaringType) && s_reflectionMethods.Contains(methodName))
        {
            return $"calls {declaringType}.{methodName} (reflection IL2CPP cannot see through)";
        }

        if (declaringType.StartsWith("System.Reflection.Emit.", StringComparison.Ordinal))
        {
            return $"uses {declaringType}.{methodName} (reflection emit)";
        }

        if (isVirtual == true && typeArgs.Any(a => a.IsValueType))
        {
            return $"calls the generic virtual method {declaringType}.{methodName}<{string.Join(", ", typeArgs.Select(a => a.Name))}> over a value type";
        }

        return null;
    }

    private static (string Type, string Method, bool? IsVirtual) Describe(MetadataReader md, EntityHandle method, VirtualMethodResolver resolver)
    {
        if (method.Kind == HandleKind.MethodDefinition)
        {
            MethodDefinition def = md.GetMethodDefinition((MethodDefinitionHandle)method);
            return (FullName(md, def.GetDeclaringType()), md.GetString(def.Name), (def.Attributes & MethodAttributes.Virtual) != 0);
        }

        MemberReference reference = md.GetMemberReference((MemberReferenceHandle)method);
        string name = md.GetString(reference.Name);
        string type = reference.Parent.Kind switch
        {
            HandleKind.TypeReference => FullName(md, (TypeReferenceHandle)reference.Parent),
            HandleKind.TypeDefinition => FullName(md, (TypeDefinitionHandle)reference.Parent),
            HandleKind.TypeSpecification => md.GetTypeSpecification((TypeSpecificationHandle)reference.Parent).DecodeSignature(TypeArgProvider.Instance, null).Name,
            _ => "?",
        };
        return (type, name, resolver.IsGenericVirtual(type, name));
    }

    private static IEnumerable<EntityHandle> CallTargets(BlobReader il)
    {
        while (il.RemainingBytes > 0)
        {
            short value = il.ReadByte();
            if (value == 0xFE)
            {
                value = unchecked((short)(0xFE00 | il.ReadByte()));
            }

            OperandType operand = s_operands[value];
            if (operand == OperandType.InlineMethod)
            {
                yield return MetadataTokens.EntityHandle(il.ReadInt32());
                continue;
            }

            int size = operand switch
            {
                OperandType.InlineNone => 0,
                OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
                OperandType.InlineVar => 2,
                OperandType.InlineI8 or OperandType.InlineR => 8,
                OperandType.InlineSwitch => 4 * il.ReadInt32(),
                _ => 4,
            };
            il.Offset += size;
        }
    }

    internal static string FullName(MetadataReader md, TypeDefinitionHandle handle)
    {
        TypeDefinition type = md.GetTypeDefinition(handle);
        string name = md.GetString(type.Name);
        TypeDefinitionHandle outer = type.GetDeclaringType();
        return !outer.IsNil ? FullName(md, outer) + "+" + name
            : type.Namespace.IsNil ? name : md.GetString(type.Namespace) + "." + name;
    }

    private static string FullName(MetadataReader md, TypeReferenceHandle handle)
    {
        TypeReference type = md.GetTypeReference(handle);
        string name = md.GetString(type.Name);
        return type.ResolutionScope.Kind == HandleKind.TypeReference
            ? FullName(md, (TypeReferenceHandle)type.ResolutionScope) + "+" + name
            : type.Namespace.IsNil ? name : md.GetString(type.Namespace) + "." + name;
    }
}
