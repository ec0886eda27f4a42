// bench:events' load generator: autocannon against a running server, for
// POST /api/events (batches as the browser's sender makes them, a new visitor
// per request) or POST /api/applications (a new submission per request).
// `loadInProcess` runs one load in a process of its own, so two loads running
// side by side do not delay each other's timers and skew each other's latencies
// (a worker thread will not do: autocannon answers differently inside one).
import { randomUUID } from "node:crypto";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/** A batch as the browser's sender makes it: a page view and a visitor's way into the wizard. */
export function eventsBatch(size) {
  return Array.from({ length: size }, (_, index) =>
    index === 0
      ? {
          type: "pageview",
          page: "/?utm_source=bench&utm_campaign=load",
          referrer: "https://www.example.com/",
          age: 40,
        }
      : index % 3 === 0
        ? { type: "field_error", page: "/", referrer: "", field: "email", code: "invalid_format", age: 20 }
        : {
            type: index % 3 === 1 ? "step_viewed" : "step_completed",
            page: "/",
            referrer: "",
            step: 1 + (index % 4),
            age: 10,
          },
  );
}

// Many visitors: a different user agent per request.
const agent = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${Math.floor(Math.random() * 1e6)}.0 Safari/537.36`;

/** A JSON POST to `path`, each from a new visitor, with the body `body()` returns. */
const post = (path, body) => ({
  method: "POST",
  path,
  setupRequest: (req) => ({
    ...req,
    headers: { "content-type": "application/json", "user-agent": agent() },
    body: body(),
  }),
});

function request(kind, { eventsBody, application }) {
  if (kind === "events") return post("/api/events", () => eventsBody);
  const [head, tail] = JSON.stringify({ ...application, submissionId: "@@" }).split('"@@"');
  // Every request a new application (a unique submission id).
  return post("/api/applications", () => `${head}"${randomUUID()}"${tail}`);
}

/**
 * One load. `bodies`: { eventsBody, application }; `rate`: requests per
 * second over all connections (none: as fast as they answer).
 */
export function load({ port, kind, duration, connections, rate, bodies }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration,
        ...(rate ? { overallRate: Math.max(1, Math.round(rate)) } : {}),
        requests: [request(kind, bodies)],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              perSecond: result["2xx"] / result.duration,
              ok: result["2xx"],
              p50: result.latency.p50,
              p99: result.latency.p99,
              non2xx: result.non2xx,
              errors: result.errors + result.timeouts,
            }),
    );
  });
}

/** The same load in a process of its own. */
export function loadInProcess(options) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.once("message", resolve);
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`load process exited with ${code}`)));
    child.send(options);
  });
}

// Started by loadInProcess: one load, its result sent back, then exit.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url))
  process.once("message", async (options) => {
    process.send(await load(options), () => process.exit(0));
  });
