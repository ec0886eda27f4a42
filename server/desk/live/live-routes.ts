/**
 * The live inbox (staff and admin):
 *   GET /api/desk/live                    server-sent events (LiveEvent): `counts` on connecting and
 *                                         whenever the viewer's number moves, `applications` when
 *                                         applications arrive or move; a comment line every
 *                                         DESK_LIVE_HEARTBEAT (25 s). 406 to a request whose Accept
 *                                         does not name text/event-stream (as EventSource's does)
 *   GET /api/desk/applications/new-count  NewCount: the same number, for the first paint and for
 *                                         browsers that cannot keep a stream
 * Every stream of this instance hangs off one LISTEN (live-hub.ts). At each
 * heartbeat the session is checked again, without counting as use (an open
 * tab must not keep an idle session alive): a session that ended (signed
 * out, idle, expired, ended by an admin, account disabled) ends the stream,
 * and the browser's reconnection then gets the 401. Sign-out, an admin
 * ending a session or disabling the account, and the other ends the desk
 * makes are announced to every instance (SESSIONS_ENDED_CHANNEL), so those
 * end their streams at once, not at the next heartbeat. Closing the server ends
 * every stream first, so a graceful shutdown never waits for them.
 */
import { PassThrough } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { LiveEvent, NewCount } from "#domain/desk/contract";
import { requireRole } from "../auth/guard";
import { createLiveHub } from "./live-hub";
import { createNewCountRepository } from "../../inbox/new-count-repository";

/** How long a browser waits before connecting again after the stream ended. */
const RETRY_MS = 3_000;
/** A stream whose reader stopped reading is ended past this much waiting (it connects again). */
const MAX_BUFFERED = 1 << 20;

export const NOT_A_STREAM_CLIENT = { error: "This is an event stream: ask for text/event-stream" };

const frame = ({ event, data }: LiveEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const liveRoutes: FastifyPluginAsync = async (app) => {
  const counts = createNewCountRepository(app.store);
  const hub = createLiveHub({ store: app.store, counts, log: app.log });
  const heartbeatMs = app.config.desk.liveHeartbeatMs;
  const streams = new Set<() => void>();

  app.get("/api/desk/applications/new-count", { preValidation: requireRole("staff") }, async (request) => {
    return (await counts.count(request.staff!.userId)) satisfies NewCount;
  });

  app.get("/api/desk/live", { preValidation: requireRole("staff") }, async (request, reply) => {
    // What asks for something else (a plain fetch, a crawler of the API) gets an answer, not an endless stream.
    if (!/\btext\/event-stream\b/.test(request.headers.accept ?? "")) {
      return reply.code(406).send(NOT_A_STREAM_CLIENT);
    }
    const { userId, sessionId } = request.staff!;
    const stream = new PassThrough();
    let remove: (() => void) | undefined;

    const write = (text: string) => {
      if (stream.writableEnded) return;
      if (stream.writableLength > MAX_BUFFERED) return end();
      stream.write(text);
    };
    // Whether the session still lives (without counting as use): at each
    // heartbeat, and at once when any instance ends sessions of this member.
    const recheck = async () => {
      try {
        const live = await app.desk.sessions.list(userId, sessionId);
        if (!live.some((session) => session.current)) end();
      } catch (error) {
        // The store did not answer: keep the stream, ask again at the next heartbeat.
        request.log.warn({ component: "live", err: error }, "checking a live stream's session failed");
      }
    };
    const heartbeat = setInterval(() => {
      write(": heartbeat\n\n");
      void recheck();
    }, heartbeatMs);
    heartbeat.unref();

    function end() {
      clearInterval(heartbeat);
      remove?.();
      streams.delete(end);
      if (!stream.writableEnded) stream.end();
    }
    streams.add(end);
    reply.raw.on("close", end);

    reply
      .header("content-type", "text/event-stream; charset=utf-8")
      .header("cache-control", "no-store")
      .header("x-accel-buffering", "no")
      // The connection ends with the stream, so closing the server does not wait for it to idle out.
      .header("connection", "close");
    write(`retry: ${RETRY_MS}\n\n`);

    const removeFromHub = await hub.add({
      userId,
      send: (event) => write(frame(event)),
      recheck: () => void recheck(),
    });
    if (stream.writableEnded) removeFromHub();
    else remove = removeFromHub;
    return reply.send(stream);
  });

  app.addHook("preClose", async () => {
    for (const end of [...streams]) end();
  });
  app.addHook("onClose", async () => {
    await hub.close();
  });
};

export default liveRoutes;
