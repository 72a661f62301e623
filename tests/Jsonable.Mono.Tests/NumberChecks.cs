using System;
using System.Globalization;
using System.Text;

namespace Jsonable.Mono.Tests
{
    /// <summary>
    /// Many doubles and floats through the netstandard2.0 number paths (Ryū digits, the exact decimal fast path): the
    /// document is recorded, so on Mono it is compared byte for byte with what .NET 10's in-box formatting wrote, and it
    /// reads back bit for bit. Powers of two are left out: .NET 10 writes some of them with digits that do not round-trip
    /// (2^-25 as 2.980232238769531E-08), which the netstandard2.0 build does not copy.
    /// </summary>
    internal static class NumberChecks
    {
        public static void Run(Runner runner)
        {
            runner.Check("numbers: 40,000 doubles and floats written as net10.0 writes them, read back bit for bit",
                () => CheckRoundTrip(runner, Create(), "numbers.json"));
            runner.Check("numbers: 40,000 short decimals at every scale written as net10.0 writes them, read back bit for bit",
                () => CheckRoundTrip(runner, CreateShortDecimals(), "short-decimals.json"));
        }

        /// <summary>Writes <paramref name="expected"/>, records the bytes under <paramref name="name"/> for the comparison with .NET 10, and reads them back bit for bit.</summary>
        private static void CheckRoundTrip(Runner runner, Values expected, string name)
        {
            byte[] json = Encoding.UTF8.GetBytes(expected.ToJson());
            runner.Record(name, json);
            Values actual = Values.CreateFromJson(json);
            for (int i = 0; i < expected.Doubles!.Length; i++)
            {
                Assert.Equal(BitConverter.DoubleToInt64Bits(expected.Doubles[i]), BitConverter.DoubleToInt64Bits(actual.Doubles![i]), "double " + expected.Doubles[i].ToString("R", CultureInfo.InvariantCulture));
            }

            for (int i = 0; i < expected.Floats!.Length; i++)
            {
                Assert.Equal(BitConverter.ToInt32(BitConverter.GetBytes(expected.Floats[i]), 0), BitConverter.ToInt32(BitConverter.GetBytes(actual.Floats![i]), 0), "float " + expected.Floats[i].ToString("R", CultureInfo.InvariantCulture));
            }
        }

        /// <summary>
        /// Short decimals at every scale the netstandard2.0 writer settles without Ryū (up to 15 digits for doubles, 9 for
        /// floats), the edges where it hands over (1e15, 1e9, 1e-7, 1e-5), and floats with halves and quarters between
        /// 2^22 and 2^24, where two decimals can be equally near.
        /// </summary>
        private static Values CreateShortDecimals()
        {
            var random = new Random(36);
            var doubles = new double[20_000];
            var floats = new float[20_000];
            for (int i = 0; i < doubles.Length; i++)
            {
                long digits = (long)(random.NextDouble() * Math.Pow(10, random.Next(1, 17)));
                int scale = random.Next(0, 23);
                double d = digits / Math.Pow(10, scale);
                doubles[i] = random.Next(2) == 0 ? d : -d;
                switch (i % 3)
                {
                    case 0:
                        floats[i] = (float)((long)(random.NextDouble() * Math.Pow(10, random.Next(1, 11))) / Math.Pow(10, random.Next(0, 15)));
                        break;
                    case 1:
                        floats[i] = (float)((1 << 22) + random.Next(1 << 23) + (random.Next(4) * 0.25));
                        break;
                    default:
                        floats[i] = (float)(random.NextDouble() * Math.Pow(10, random.Next(-6, 10)));
                        break;
                }
            }

            return new Values { Doubles = doubles, Floats = floats };
        }

        private static Values Create()
        {
            var random = new Random(35);
            var doubles = new double[20_000];
            var floats = new float[20_000];
            byte[] bits = new byte[8];
            for (int i = 0; i < doubles.Length; i++)
            {
                switch (i % 4)
                {
                    case 0: // any bit pattern
                        double d;
                        do
                        {
                            random.NextBytes(bits);
                            d = BitConverter.ToDouble(bits, 0);
                        }
                        while (double.IsNaN(d) || double.IsInfinity(d) || (BitConverter.DoubleToInt64Bits(d) & 0xF_FFFF_FFFF_FFFF) == 0);
                        doubles[i] = d;
                        float f;
                        do
                        {
                            random.NextBytes(bits);
                            f = BitConverter.ToSingle(bits, 0);
                        }
                        while (float.IsNaN(f) || float.IsInfinity(f) || (BitConverter.ToInt32(bits, 0) & 0x7F_FFFF) == 0);
                        floats[i] = f;
                        break;
                    case 1: // coordinates as a simulation leaves them
                        doubles[i] = (random.NextDouble() * 8192) - 4096;
                        floats[i] = (float)((random.NextDouble() * 8192) - 4096);
                        break;
                    case 2: // short decimals (the parse fast path), some with exponents
                        doubles[i] = Math.Round((random.NextDouble() * 200_000) - 100_000, random.Next(0, 6));
                        floats[i] = (float)Math.Round(random.NextDouble() * 1000, random.Next(0, 4));
                        break;
                    default: // across the exponent range
                        doubles[i] = random.NextDouble() * Math.Pow(10, random.Next(-300, 300));
                        floats[i] = (float)(random.NextDouble() * Math.Pow(10, random.Next(-37, 38)));
                        break;
                }
            }

            return new Values { Doubles = doubles, Floats = floats };
        }
    }
}
