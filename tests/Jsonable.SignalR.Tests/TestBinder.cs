using Microsoft.AspNetCore.SignalR;

namespace Jsonable.SignalR.Tests;

/// <summary>An invocation binder with fixed answers, as a hub's or a client's would give them.</summary>
internal sealed class TestBinder(Type[]? parameters = null, Type? returnType = null, Type? streamItemType = null) : IInvocationBinder
{
    public IReadOnlyList<Type> GetParameterTypes(string methodName) =>
        parameters ?? throw new InvalidOperationException("No method " + methodName);

    public Type GetReturnType(string invocationId) => returnType ?? typeof(object);

    public Type GetStreamItemType(string streamId) => streamItemType ?? typeof(object);
}
