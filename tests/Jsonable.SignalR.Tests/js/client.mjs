// The official SignalR JavaScript client against the test hub: node client.mjs <hub url> [transport].
// Prints one JSON object with what each call returned; the .NET test compares it.
import * as signalR from "@microsoft/signalr";

const [url, transportName = "WebSockets"] = process.argv.slice(2);
const connection = new signalR.HubConnectionBuilder()
  .withUrl(url, { transport: signalR.HttpTransportType[transportName] })
  .configureLogging(signalR.LogLevel.Error)
  .build();

const result = {};
connection.on("GetState", (score) => ({ name: "js", x: 1.5, y: 2, score, alive: true, items: [9] }));
const tick = new Promise((resolve) => connection.on("Tick", resolve));

await connection.start();
result.move = await connection.invoke("Move", { name: "p", x: 1.25, y: -2, score: 9, alive: false, items: [1, 2] });
result.count = await connection.invoke("CountPlayers", { tick: 1, room: "r", players: [{ name: "a" }, { name: "b" }] });
result.follow = await new Promise((resolve, reject) => {
  const items = [];
  connection.stream("Follow", 3).subscribe({ next: (item) => items.push(item), complete: () => resolve(items), error: reject });
});
const subject = new signalR.Subject();
const upload = connection.invoke("Upload", subject);
subject.next({ name: "u1", score: 1 });
subject.next({ name: "u2", score: 2 });
subject.complete();
result.upload = await upload;
try {
  await connection.invoke("Fail", "red");
  result.fail = "no error";
} catch (error) {
  result.fail = error.message;
}
result.askClient = await connection.invoke("AskClient");
await connection.invoke("Broadcast", { tick: 5, room: "b", players: [] });
result.tick = await tick;
await connection.stop();
process.stdout.write(JSON.stringify(result));
