using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using Jsonable.AspNetCore.SignalR;
using Jsonable.SystemTextJson;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Options;

namespace Jsonable.Fuzz;

/// <summary>
/// The hub frame parsers as a fuzz target: whatever the bytes, parsing them as a stream of frames of the <c>jmc1</c>
/// protocol and of the Jsonable <c>json</c> protocol yields messages (binding failures included), stops for more
/// input, or throws <see cref="InvalidDataException"/> (SignalR then closes that connection with the error; for
/// <c>json</c> also System.Text.Json's InvalidOperationException for invalid UTF-8, which SignalR's own parser lets out
/// and SignalR answers with the same close). Any other
/// exception, or a parse that claims a frame without consuming bytes, breaks the property.
/// </summary>
public static class HubFrameOracle
{
    private static readonly IHubProtocol[] s_protocols = [new JsonableJmc1HubProtocol(), JsonableJson()];

    // A hub of every shape: the Jsonable model, a string, an int, an object.
    private static readonly IInvocationBinder s_binder = new Binder();

    /// <summary>Checks the property for one input, for both protocols; returns how many messages parsed.</summary>
    /// <param name="input">The fuzz input.</param>
    /// <returns>The number of messages parsed.</returns>
    /// <exception cref="HubFramePropertyException">The property does not hold.</exception>
    public static int Check(byte[] input)
    {
        int messages = 0;
        foreach (IHubProtocol protocol in s_protocols)
        {
            var sequence = new ReadOnlySequence<byte>(input);
            try
            {
                while (true)
                {
                    long before = sequence.Length;
                    if (!protocol.TryParseMessage(ref sequence, s_binder, out HubMessage? message))
                    {
                        break;
                    }

                    if (sequence.Length >= before || message is null)
                    {
                        throw new HubFramePropertyException($"{protocol.Name}: a frame parsed without consuming input or without a message.");
                    }

                    messages++;
                }
            }
            catch (InvalidDataException)
            {
                // A framing error: the connection closes with it.
            }
            catch (InvalidOperationException ex) when (protocol.Name == "json" && ex.StackTrace?.Contains("System.Text.Json.", StringComparison.Ordinal) == true)
            {
                // SignalR's own JSON frame parser lets System.Text.Json's refusal of invalid UTF-8 in a name or string out
                // as InvalidOperationException (not Jsonable code: the target and ids are read by SignalR); SignalR
                // closes the connection on any parse exception, so it is a clean close too.
            }
            catch (Exception ex) when (ex is not HubFramePropertyException)
            {
                throw new HubFramePropertyException($"{protocol.Name}: {ex.GetType().Name} escaped the frame parser.", ex);
            }
        }

        return messages;
    }

    /// <summary>Valid frames of every message type in both protocols: the fuzzer's and the mutation test's seeds.</summary>
    /// <returns>Named seeds.</returns>
    public static Dictionary<string, byte[]> Seeds()
    {
        var state = new Jsonable.Samples.RealData.TwitterUser { id = 7, name = "fuzz", screen_name = "é 😀" };
        HubMessage[] messages =
        [
            new InvocationMessage("1", "Move", [state, "text", 5, null]) { Headers = new Dictionary<string, string> { ["h"] = "v" } },
            new StreamInvocationMessage("2", "Follow", [state, "s", 1, 2.5], ["9"]),
            new StreamItemMessage("2", state),
            CompletionMessage.WithResult("1", state),
            CompletionMessage.WithError("1", "no"),
            CompletionMessage.Empty("1"),
            new CancelInvocationMessage("2"),
            PingMessage.Instance,
            new CloseMessage("bye", allowReconnect: true),
            new AckMessage(3),
            new SequenceMessage(4),
        ];
        var seeds = new Dictionary<string, byte[]>();
        foreach (IHubProtocol protocol in s_protocols)
        {
            for (int i = 0; i < messages.Length; i++)
            {
                seeds[$"hub-{protocol.Name}-{i:D2}"] = protocol.GetMessageBytes(messages[i]).ToArray();
            }
        }

        return seeds;
    }

    private static IHubProtocol JsonableJson()
    {
        var options = new JsonHubProtocolOptions();
        options.PayloadSerializerOptions.AddJsonable();
        return new JsonHubProtocol(Options.Create(options));
    }

    private sealed class Binder : IInvocationBinder
    {
        public IReadOnlyList<Type> GetParameterTypes(string methodName) =>
            [typeof(Jsonable.Samples.RealData.TwitterUser), typeof(string), typeof(int), typeof(object)];

        public Type GetReturnType(string invocationId) => typeof(Jsonable.Samples.RealData.TwitterUser);

        public Type GetStreamItemType(string streamId) => typeof(Jsonable.Samples.RealData.TwitterUser);
    }
}

/// <summary>A fuzz input broke the hub frame property (see <see cref="HubFrameOracle"/>).</summary>
public sealed class HubFramePropertyException : Exception
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="innerException">The exception that escaped, if that was the problem.</param>
    public HubFramePropertyException(string message, Exception? innerException = null)
        : base(message, innerException)
    {
    }
}
