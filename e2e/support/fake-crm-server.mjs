// Stands in for the CRM's lead webhook in browser tests (loopback only): it
// accepts every application and lets the test read what it received.
import { createServer } from "node:http";

const port = Number(process.env.CRM_PORT ?? 4319);
const received = [];

createServer((request, response) => {
  if (request.method === "GET" && request.url === "/health") {
    response.writeHead(200).end("ok");
    return;
  }
  if (request.method === "GET" && request.url === "/received") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
    return;
  }
  if (request.method === "POST" && request.url === "/leads") {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({
        idempotencyKey: request.headers["idempotency-key"],
        contentType: request.headers["content-type"],
        body: JSON.parse(body),
      });
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
    return;
  }
  response.writeHead(404).end();
}).listen(port, "127.0.0.1");
