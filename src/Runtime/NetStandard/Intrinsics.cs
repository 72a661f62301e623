// netstandard2.0 has no System.Runtime.Intrinsics: declaring the namespace keeps the shared files' `using` lines as
// they are, while every use of Vector128 in them sits behind `#if NET` with a Vector<T> or scalar side for
// netstandard2.0.
namespace System.Runtime.Intrinsics
{
}
