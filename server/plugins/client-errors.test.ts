/**
 * One error shape for every 4xx, through a real socket (app.inject would fix
 * a wrong Content-Length): requests the HTTP parser refuses, requests refused
 * before routing, body-parser refusals and routes' own 4xx all answer
 * `{"error": "..."}` (plus `errors` for fields), never Fastify's default keys
 * or a stack, with the security headers.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { buildTestApp, stubStore } from "../../test/support/server";
import { parserRefusal } from "./client-errors";

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `data` as is to the server, ends our side, and parses the first response. */
function rawRequest(port: number, data: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => undefined); // a reset after the answer is fine
    socket.on("close", () => {
      const split = received.indexOf("\r\n\r\n");
      if (split === -1) return reject(new Error(`no HTTP response: ${JSON.stringify(received)}`));
      const [statusLine, ...lines] = received.slice(0, split).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      const length = Number(headers["content-length"]);
      const rest = received.slice(split + 4);
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: Number.isNaN(length) ? rest : rest.slice(0, length),
      });
    });
    socket.write(data);
    socket.end();
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

const BODY = '{"email":"ann@example.com"}';
const post = (path: string, headers: string, body = BODY) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\n${headers}\r\n${body}`;
const json = "Content-Type: application/json\r\n";

const CASES: [string, string, number, string][] = [
  [
    "a Content-Length larger than the body",
    post("/api/newsletter", `${json}Content-Length: 100\r\n`),
    400,
    "Content-Length does not match the body",
  ],
  [
    "a Content-Length smaller than the body",
    post("/api/newsletter", `${json}Content-Length: 5\r\n`),
    400,
    "Malformed request",
  ],
  [
    "a Content-Length that is not a number",
    post("/api/newsletter", `${json}Content-Length: abc\r\n`),
    400,
    "Content-Length is not valid",
  ],
  [
    "a negative Content-Length",
    post("/api/newsletter", `${json}Content-Length: -1\r\n`),
    400,
    "Content-Length is not valid",
  ],
  [
    "two Content-Lengths",
    post("/api/newsletter", `${json}Content-Length: 27\r\nContent-Length: 28\r\n`),
    400,
    "Content-Length is not valid",
  ],
  [
    "Content-Length beside chunked",
    post("/api/newsletter", `${json}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n`, "0\r\n\r\n"),
    400,
    "Malformed request",
  ],
  [
    "a header that is not HTTP",
    "GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: 1\r\n\r\n",
    400,
    "Malformed request",
  ],
  [
    "headers over the size limit",
    `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    431,
    "Request headers are too large",
  ],
  [
    "a URL that is not UTF-8",
    "GET /api/desk/staff/%C0 HTTP/1.1\r\nHost: localhost\r\n\r\n",
    400,
    "Malformed URL",
  ],
  [
    "a body that is not JSON",
    post("/api/newsletter", `${json}Content-Length: 2\r\n`, "{x"),
    400,
    "Request body is not valid JSON",
  ],
  [
    "a body that is not JSON (desk)",
    post("/api/desk/sign-in", `${json}Content-Length: 2\r\n`, "{x"),
    400,
    "Request body is not valid JSON",
  ],
  [
    "a type that is not JSON",
    post("/api/newsletter", `Content-Type: text/xml\r\nContent-Length: 27\r\n`),
    415,
    "Content-Type must be application/json",
  ],
  [
    "a type that is not JSON (desk)",
    post("/api/desk/sign-in", `Content-Type: text/xml\r\nContent-Length: 27\r\n`),
    415,
    "Content-Type must be application/json",
  ],
  [
    "a body over the limit",
    post("/api/desk/sign-in", `${json}Content-Length: 20000\r\n`, `{"a":"${"x".repeat(19_992)}"}`),
    413,
    "Request body is too large",
  ],
  ["an unknown API path", "DELETE /api/nothing HTTP/1.1\r\nHost: localhost\r\n\r\n", 404, "Not Found"],
  [
    "no session on the desk",
    "GET /api/desk/me HTTP/1.1\r\nHost: localhost\r\n\r\n",
    401,
    "Sign in to continue",
  ],
];

describe("one error shape for every 4xx, over a real socket", () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    app = await buildTestApp({ store: stubStore() });
    await app.listen({ host: "127.0.0.1", port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app?.close());

  it.each(CASES)("answers %s in our shape", async (_, request, status, error) => {
    const response = await rawRequest(port, request);
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(JSON.parse(response.body)).toStrictEqual({ error });
  });

  it("gives field errors alone the first field's message as the error", async () => {
    const body = '{"email":"not an address"}';
    const response = await rawRequest(
      port,
      post("/api/newsletter", `${json}Content-Length: ${body.length}\r\n`, body),
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toStrictEqual({
      error: "Please enter a valid email address",
      errors: { email: "Please enter a valid email address" },
    });
  });

  it("answers a request too slow to arrive 408, and any other parser refusal 400", () => {
    expect(parserRefusal(Object.assign(new Error("timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }))).toEqual({
      status: 408,
      message: "The request took too long",
    });
    expect(parserRefusal(Object.assign(new Error("?"), { code: "HPE_SOMETHING_NEW" }))).toEqual({
      status: 400,
      message: "Malformed request",
    });
  });
});
