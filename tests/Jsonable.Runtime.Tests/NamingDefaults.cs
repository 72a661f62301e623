using Jsonable;

// The byte vectors of DESIGN §3-4 (and these tests) are written with member names as declared ("Position",
// "Name"); the web default (camelCase) is tested separately, in TypeSystem/NamingPolicyTests and the generator tests.
[assembly: JsonableOptions(NamingPolicy = JsonableNamingPolicy.AsDeclared)]
