using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace Jsonable.Unity.Checks;

/// <summary>A type in a signature, reduced to what the scan needs: its name and whether it is a value type.</summary>
internal readonly record struct TypeArg(string Name, bool IsValueType);

internal sealed class TypeArgProvider : ISignatureTypeProvider<TypeArg, object?>
{
    public static readonly TypeArgProvider Instance = new();

    public TypeArg GetPrimitiveType(PrimitiveTypeCode typeCode) =>
        new(typeCode.ToString(), typeCode is not (PrimitiveTypeCode.String or PrimitiveTypeCode.Object));

    public TypeArg GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) =>
        new(Il2CppScan.FullName(reader, handle), rawTypeKind == (byte)SignatureTypeKind.ValueType);

    public TypeArg GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind)
    {
        TypeReference type = reader.GetTypeReference(handle);
        string name = type.Namespace.IsNil ? reader.GetString(type.Name) : reader.GetString(type.Namespace) + "." + reader.GetString(type.Name);
        return new(name, rawTypeKind == (byte)SignatureTypeKind.ValueType);
    }

    public TypeArg GetTypeFromSpecification(MetadataReader reader, object? context, TypeSpecificationHandle handle, byte rawTypeKind) =>
        reader.GetTypeSpecification(handle).DecodeSignature(this, context);

    public TypeArg GetGenericInstantiation(TypeArg genericType, ImmutableArray<TypeArg> typeArguments) =>
        new($"{genericType.Name}<{string.Join(", ", typeArguments.Select(a => a.Name))}>", genericType.IsValueType);

    public TypeArg GetSZArrayType(TypeArg elementType) => new(elementType.Name + "[]", false);

    public TypeArg GetArrayType(TypeArg elementType, ArrayShape shape) => new(elementType.Name + "[,]", false);

    public TypeArg GetByReferenceType(TypeArg elementType) => new(elementType.Name + "&", false);

    public TypeArg GetPointerType(TypeArg elementType) => new(elementType.Name + "*", false);

    public TypeArg GetPinnedType(TypeArg elementType) => elementType;

    public TypeArg GetModifiedType(TypeArg modifier, TypeArg unmodifiedType, bool isRequired) => unmodifiedType;

    public TypeArg GetFunctionPointerType(MethodSignature<TypeArg> signature) => new("fnptr", false);

    // Shared (reference) code paths: an open type parameter is not a value type the scan can name here.
    public TypeArg GetGenericMethodParameter(object? genericContext, int index) => new("!!" + index, false);

    public TypeArg GetGenericTypeParameter(object? genericContext, int index) => new("!" + index, false);
}

/// <summary>Whether a method named in another assembly is a generic virtual method: looked up in the DLLs of one folder.</summary>
internal sealed class VirtualMethodResolver
{
    private readonly Dictionary<string, List<(bool Virtual, int GenericArity)>> _methods = new(StringComparer.Ordinal);

    public VirtualMethodResolver(string directory)
    {
        foreach (string path in Directory.EnumerateFiles(directory, "*.dll").Concat(Directory.EnumerateFiles(directory, "*.exe")))
        {
            using var pe = new PEReader(File.OpenRead(path));
            if (!pe.HasMetadata)
            {
                continue;
            }

            MetadataReader md = pe.GetMetadataReader();
            foreach (TypeDefinitionHandle typeHandle in md.TypeDefinitions)
            {
                string type = Il2CppScan.FullName(md, typeHandle);
                foreach (MethodDefinitionHandle handle in md.GetTypeDefinition(typeHandle).GetMethods())
                {
                    MethodDefinition method = md.GetMethodDefinition(handle);
                    string key = type + "::" + md.GetString(method.Name);
                    if (!_methods.TryGetValue(key, out var list))
                    {
                        _methods[key] = list = new();
                    }

                    list.Add(((method.Attributes & MethodAttributes.Virtual) != 0, method.GetGenericParameters().Count));
                }
            }
        }
    }

    /// <summary>True or false when the method's assembly is in the folder; null when it is not (the framework's own).</summary>
    public bool? IsGenericVirtual(string type, string method)
    {
        int generic = type.IndexOf('<');
        string key = (generic < 0 ? type : type.Substring(0, generic)) + "::" + method;
        return _methods.TryGetValue(key, out var list) ? list.Any(m => m.Virtual && m.GenericArity > 0) : null;
    }
}
