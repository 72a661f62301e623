using System;

namespace Jsonable.AspNetCore;

/// <summary>
/// Gives the Jsonable responses of an MVC action or controller (or, as endpoint metadata, of any endpoint: see
/// <c>WithJsonableETag()</c>) an entity tag per representation, and answers <c>If-None-Match</c> on GET and HEAD with
/// 304 Not Modified and no body. The tag is the app's own when it set <c>ETag</c> before the result ran (the JMC1
/// representation gets it with <c>-jmc1</c> inside the quotes), else a hash of the body as written; a body larger than
/// <see cref="JsonableOptions.ResponseBufferSize"/> has started before it is whole and gets no computed tag.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
public sealed class JsonableETagAttribute : Attribute
{
}
