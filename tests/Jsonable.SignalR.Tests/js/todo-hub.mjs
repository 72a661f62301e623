// The official SignalR JavaScript client against samples/AotApi's TodoHub (a Native AOT binary in .ci/native-aot-smoke):
// node todo-hub.mjs <hub url> <transport>. Prints "ok   name" or "FAIL name: ..." per check; exits 1 on any failure.
import * as signalR from "@microsoft/signalr";

const [url, transportName = "WebSockets"] = process.argv.slice(2);
const connection = new signalR.HubConnectionBuilder()
  .withUrl(url, { transport: signalR.HttpTransportType[transportName] })
  .configureLogging(signalR.LogLevel.None)
  .build();

let failed = 0;
function check(name, actual, expected) {
  const got = typeof actual === "string" ? actual : JSON.stringify(actual);
  if (got === expected || (expected instanceof RegExp && expected.test(got))) {
    console.log(`ok   hub ${transportName} ${name}: ${got}`);
  } else {
    failed++;
    console.log(`FAIL hub ${transportName} ${name}: expected ${expected}, got ${got}`);
  }
}

async function error(call) {
  try {
    return `no error: ${JSON.stringify(await call)}`;
  } catch (e) {
    return e.message;
  }
}

const id = transportName === "WebSockets" ? 30 : 31;
await connection.start();
check("Put", await connection.invoke("Put", { id, title: "hub", tags: ["a"] }),
  `{"id":${id},"title":"hub","dueBy":null,"isComplete":false,"tags":["a"]}`);
check("Get", await connection.invoke("Get", id), `{"id":${id},"title":"hub","dueBy":null,"isComplete":false,"tags":["a"]}`);
check("Get missing", await connection.invoke("Get", 999), "null");
const listed = await new Promise((resolve, reject) => {
  const items = [];
  connection.stream("List").subscribe({ next: (item) => items.push(item.id), complete: () => resolve(items), error: reject });
});
check("List stream", listed, new RegExp(`^\\[1,2,.*${id}.*\\]$`));
// Without dynamic code SignalR's reflection invoker wraps the HubException, so its message stays on the server (any protocol).
check("HubException", await error(connection.invoke("Refuse", "x")), "An unexpected error occurred invoking 'Refuse' on the server.");
check("Put, wrong member type", await error(connection.invoke("Put", { id: 40, title: 5 })), "Failed to invoke 'Put' due to an error on the server.");
check("Get after the refused Put", await connection.invoke("Get", 40), "null");
await connection.stop();
process.exit(failed === 0 ? 0 : 1);
