/**
 * A browser-less reader of server-sent events over a real HTTP connection:
 * what an EventSource would see (events, comments, the retry hint), for the
 * live inbox's tests.
 */
import { request, type IncomingHttpHeaders } from "node:http";

export interface StreamEvent {
  event: string;
  data: unknown;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  events: StreamEvent[];
  comments: string[];
  retry: number | null;
  /** The next event (already received or to come) that matches; rejects after `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The body of an answer that was not a stream (a 401's JSON). */
  body(): string;
  close(): void;
}

/** Opens `url` as an EventSource would (Accept: text/event-stream) with these headers. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      response.setEncoding("utf8");
      let buffer = "";
      let raw = "";
      const waiters: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        comments: [],
        retry: null,
        next(match, timeoutMs = 5_000) {
          const seen = stream.events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveNext, rejectNext) => {
            const timer = setTimeout(
              () => rejectNext(new Error(`no matching event within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              match,
              resolve: (event) => {
                clearTimeout(timer);
                resolveNext(event);
              },
            });
          });
        },
        ended: new Promise((resolveEnd) => {
          response.on("end", resolveEnd);
          response.on("close", resolveEnd);
        }),
        body: () => raw,
        close: () => req.destroy(),
      };
      response.on("data", (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let at;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(":");
              fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
          }
          if (fields.retry) stream.retry = Number(fields.retry);
          if (fields.data === undefined) continue;
          const event = { event: fields.event ?? "message", data: JSON.parse(fields.data), at: Date.now() };
          stream.events.push(event);
          for (const waiter of waiters.filter((w) => w.match(event))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(event);
          }
        }
      });
      resolve(stream);
    });
    req.on("error", reject);
    req.end();
  });
}
