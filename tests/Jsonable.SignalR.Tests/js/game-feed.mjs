// The official SignalR JavaScript client following samples/GameServer's world (GameHub.Subscribe), across a reconnect:
// node game-feed.mjs <server url> <transport>. A player moves; a spectator keeps a copy of the room's world by applying
// each item (the whole world, then RFC 7396 merge patches), stops mid-stream, starts again and subscribes from the
// version it holds. Prints what it saw as JSON for GameServerTests to judge.
import * as signalR from "@microsoft/signalr";

const [base, transportName = "WebSockets"] = process.argv.slice(2);
const room = "js-" + transportName;
const connect = () => new signalR.HubConnectionBuilder()
  .withUrl(base + "/game", { transport: signalR.HttpTransportType[transportName] })
  .configureLogging(signalR.LogLevel.None)
  .build();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// RFC 7396: what the generated merge does on the server's side of the wire.
function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const result = target !== null && typeof target === "object" && !Array.isArray(target) ? target : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

// Keys sorted, so that two equal worlds print the same whatever order their players were added in.
const canonical = (value) => value === null || typeof value !== "object" || Array.isArray(value)
  ? value
  : Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));

let world = null;
let version = 0;
const versions = [];
const snapshots = [];
function subscribe(spectator) {
  return spectator.stream("Subscribe", room, version).subscribe({
    next: (item) => {
      versions.push(item.version);
      snapshots.push(item.snapshot);
      world = item.snapshot ? JSON.parse(item.json) : mergePatch(world, JSON.parse(item.json));
      version = item.version;
    },
    error: () => {}, // the connection stopped under the stream: resubscribed below
    complete: () => {},
  });
}

async function until(condition, what) {
  for (let i = 0; i < 1000 && !(await condition()); i++) await sleep(20);
  if (!(await condition())) throw new Error("timed out waiting until " + what);
}

async function serverWorld() {
  const response = await fetch(`${base}/rooms/${room}`);
  return { version: Number(response.headers.get("etag").replaceAll('"', "")), world: await response.json() };
}

let step = 0;
async function move(player, count) {
  for (let i = 0; i < count; i++) {
    step++;
    await player.send("Move", { x: step * 0.5, y: -step * 0.25, heading: step * 10 });
    await sleep(70); // more than a tick (20 Hz): each move is a version of its own
  }
}

const player = connect();
await player.start();
await player.invoke("Join", room, "js-runner");
const spectator = connect();
await spectator.start();
let subscription = subscribe(spectator);
await move(player, 6);
await until(() => version >= 4, "the spectator follows");

// Mid-stream: the spectator goes away while the player keeps moving, then comes back with the version it holds.
subscription.dispose();
await spectator.stop();
const held = version;
const count = versions.length;
await move(player, 6);
const resumedAfter = (await serverWorld()).version;
await spectator.start();
subscription = subscribe(spectator);
await move(player, 3);
await player.stop(); // the runner leaves: a null for its key in the last delta

let server;
await until(async () => {
  server = await serverWorld();
  return Object.keys(server.world.players).length === 0 && server.version === version;
}, "the copy reaches the server's version");
subscription.dispose();
await spectator.stop();
console.log(JSON.stringify({
  held,
  resumedAfter,
  firstAfterResume: versions[count],
  versions,
  snapshots,
  serverVersion: server.version,
  server: canonical(server.world),
  copy: canonical(world),
}));
