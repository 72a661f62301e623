using System;
using System.Collections.Generic;
using System.Linq;

namespace Jsonable.Unity.Checks;

internal static class Program
{
    private static int Main(string[] args)
    {
        List<string> problems = args.FirstOrDefault() switch
        {
            "il2cpp" when args.Length >= 3 => Il2CppScan.Scan(args[1], args.Skip(2).ToList()),
            "package" when args.Length == 3 => UnityPackageCheck.Check(args[1], args[2]),
            _ => new List<string> { "usage: il2cpp DIR ASSEMBLY... | package DIR VERSION" },
        };
        foreach (string problem in problems)
        {
            Console.Error.WriteLine("FAIL: " + problem);
        }

        if (problems.Count == 0)
        {
            Console.WriteLine($"PASS: {args[0]} {string.Join(" ", args.Skip(1))}");
        }

        return problems.Count == 0 ? 0 : 1;
    }
}
