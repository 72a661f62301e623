using System;

namespace Jsonable.Benchmarks;

internal static class Program
{
    private static int Main(string[] args)
    {
        Console.WriteLine("x");
        return 0;
    }
}
