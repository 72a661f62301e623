namespace Jsonable.Generator.Model;

/// <summary>The constructor used to create instances when reading, when it is not the parameterless one.</summary>
/// <param name="Parameters">Its parameters, in order.</param>
internal sealed record ConstructorModel(EquatableArray<ConstructorParameterModel> Parameters);

/// <summary>One constructor parameter and the member it binds to.</summary>
/// <param name="TypeName">The parameter's C# type.</param>
/// <param name="MemberIndex">The index of the member (in <see cref="TypeModel.Members"/>) whose value it receives.</param>
/// <param name="DefaultValue">The C# expression used when the document lacks the member.</param>
internal sealed record ConstructorParameterModel(string TypeName, int MemberIndex, string DefaultValue);
