namespace Jsonable.Unity.Checks;
internal static class UnityPackageCheck
{
    public static System.Collections.Generic.List<string> Check(string dir, string version) => new() { "todo" };
}
