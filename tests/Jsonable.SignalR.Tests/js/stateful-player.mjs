// The official SignalR JavaScript client as a player with stateful reconnect, through a relay the test can cut:
// node stateful-player.mjs <relay url> <server url> <room> <transport>. It joins, moves, and prints "cut" once the
// server shows the move; the test then resets every connection through the relay and answers on stdin. The player
// moves again and prints what it saw as JSON: the connection id before and after, and its state. It stops (and so
// leaves the room) only on a second line from the test, once the test has read the room.
import * as signalR from "@microsoft/signalr";
import * as readline from "node:readline";

const [relay, server, room, transportName = "WebSockets"] = process.argv.slice(2);
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function at(x) {
  for (let i = 0; i < 1000; i++) {
    const response = await fetch(`${server}/rooms/${room}`);
    if (response.ok && (await response.json()).players?.runner?.x === x) return;
    await sleep(20);
  }
  throw new Error("timed out waiting until the runner is at x " + x);
}

let reconnecting = 0;
let closed = 0;
const player = new signalR.HubConnectionBuilder()
  .withUrl(relay + "/game", { transport: signalR.HttpTransportType[transportName] })
  .withStatefulReconnect()
  .withAutomaticReconnect()
  .configureLogging(signalR.LogLevel.None)
  .build();
player.onreconnecting(() => reconnecting++);
player.onclose(() => closed++);

await player.start();
await player.invoke("Join", room, "runner");
const before = player.connectionId;
await player.send("Move", { name: "", x: 10, y: 0, heading: 0, score: 0 });
await at(10);

console.log("cut");
await lines.next(); // the relay has reset every connection
await player.send("Move", { name: "", x: 20, y: 0, heading: 0, score: 0 });
await at(20);
console.log(JSON.stringify({ before, after: player.connectionId, state: player.state, reconnecting, closed }));
await lines.next(); // the test has read the room
await player.stop();
process.exit(0);
