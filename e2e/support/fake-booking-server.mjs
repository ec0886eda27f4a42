// Stands in for the third-party booking widget in browser tests (loopback only).
import { createServer } from "node:http";

const port = Number(process.env.BOOKING_PORT ?? 4318);
createServer((request, response) => {
  if (request.url === "/health") {
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  response
    .writeHead(200, { "content-type": "text/html; charset=utf-8" })
    .end(
      `<!doctype html><html lang="en"><head><title>Booking</title></head><body><h1>Pick a time</h1><p>Fake booking widget for tests.</p></body></html>`,
    );
}).listen(port, "127.0.0.1");
