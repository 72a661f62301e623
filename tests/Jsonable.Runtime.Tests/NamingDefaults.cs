using Jsonable;

// The byte vectors of docs/jmc1.md (and these tests) are written with member names as declared ("Position",
// "Name"); the web default (camelCase) is tested separately, in TypeSystem/NamingPolicyTests and the generator tests.
[assembly: JsonableGenerationOptions(NamingPolicy = JsonableNamingPolicy.AsDeclared)]
