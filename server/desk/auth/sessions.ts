/**
 * Sessions: rows in the store, created and looked up by the authentication
 * library. Around it we enforce, on every request, what it does not: the idle
 * timeout (DESK_SESSION_IDLE, from `lastSeenAt`), the absolute lifetime
 * (DESK_SESSION_MAX, from `createdAt`, never extended) and a disabled account.
 * A session that fails any of them is deleted at once.
 * Ending sessions (sign-out, an admin ending one, a disabled account, a
 * second factor reset, a password change) is announced on
 * SESSIONS_ENDED_CHANNEL to every instance, whose live streams of that
 * member check their session at once (server/desk/live) instead of at the
 * next heartbeat. The rows' SQL is server/staff/session-repository.ts.
 */
import type { FastifyRequest } from "fastify";
import type { SessionItem } from "#domain/desk/contract";
import type { DeskConfig } from "../../config";
import { createSessionRepository, type SessionRow } from "../../staff/session-repository";
import type { Store } from "../../store/store";
import { readCookie } from "./cookies";
import type { StaffPrincipal } from "./principal";
import { libraryHeaders, type Library } from "./library";

export interface LiveSession {
  principal: StaffPrincipal;
  /** False until the account's second factor is confirmed: only enrolment is allowed. */
  enrolled: boolean;
  /** Our cookie's value (the library's signed token). */
  cookie: string;
  token: string;
  createdAt: Date;
  expiresAt: Date;
}

/** lastSeenAt is written at most this often (a write per request buys nothing). */
const SEEN_GRANULARITY_MS = 15_000;

export function createSessions(options: {
  config: DeskConfig;
  store: Store;
  library: () => Promise<Library>;
  now?: () => number;
}) {
  const { config, store, library } = options;
  const now = options.now ?? Date.now;
  const resolved = new WeakMap<FastifyRequest, Promise<LiveSession | null>>();
  const stored = createSessionRepository(store);

  /** When a session ends: the earlier of its idle and absolute limits. */
  const endsAt = (row: Pick<SessionRow, "createdAt" | "expiresAt" | "lastSeenAt">) =>
    Math.min(
      new Date(row.expiresAt).getTime(),
      new Date(row.createdAt).getTime() + config.sessionMaxMs,
      new Date(row.lastSeenAt ?? row.createdAt).getTime() + config.sessionIdleMs,
    );

  async function lookUp(request: FastifyRequest): Promise<LiveSession | null> {
    const cookie = readCookie(request, "session");
    if (!cookie) return null;
    const lib = await library();
    const found = await lib.auth.api.getSession({
      headers: libraryHeaders(lib, request, { session: cookie }),
      query: { disableCookieCache: true, disableRefresh: true },
    });
    if (!found) return null;
    const { session, user } = found;
    const row = session as typeof session & { lastSeenAt?: Date | null };
    const at = now();
    if (endsAt({ ...row, lastSeenAt: row.lastSeenAt ?? null }) <= at || user.banned) {
      await lib.context.internalAdapter.deleteSession(session.token);
      return null;
    }
    const lastSeen = new Date(row.lastSeenAt ?? session.createdAt).getTime();
    if (at - lastSeen >= SEEN_GRANULARITY_MS) {
      await stored.touch(session.id, new Date(at));
    }
    return {
      principal: {
        userId: user.id,
        sessionId: session.id,
        email: user.email,
        name: user.name,
        role: user.role === "admin" ? "admin" : "staff",
      },
      enrolled: user.twoFactorEnabled === true,
      cookie,
      token: session.token,
      createdAt: new Date(session.createdAt),
      expiresAt: new Date(endsAtAbsolute(session.createdAt, session.expiresAt)),
    };
  }

  const endsAtAbsolute = (createdAt: Date, expiresAt: Date) =>
    Math.min(new Date(expiresAt).getTime(), new Date(createdAt).getTime() + config.sessionMaxMs);

  return {
    /** The request's live session, or null (looked up once per request). */
    resolve(request: FastifyRequest): Promise<LiveSession | null> {
      let found = resolved.get(request);
      if (!found) {
        found = lookUp(request);
        resolved.set(request, found);
      }
      return found;
    },

    /** Seconds until the absolute end of a session (the cookie's Max-Age). */
    maxAgeSeconds(session: { createdAt: Date; expiresAt: Date }): number {
      return Math.max(0, (endsAtAbsolute(session.createdAt, session.expiresAt) - now()) / 1000);
    },

    /** One user's live sessions, newest first. */
    async list(userId: string, currentSessionId: string | null): Promise<SessionItem[]> {
      const at = now();
      return (await stored.listOf(userId))
        .filter((row) => endsAt(row) > at)
        .map((row) => ({
          id: row.id,
          createdAt: new Date(row.createdAt).toISOString(),
          lastSeenAt: new Date(row.lastSeenAt ?? row.createdAt).toISOString(),
          expiresAt: new Date(endsAtAbsolute(row.createdAt, row.expiresAt)).toISOString(),
          ip: row.ipAddress,
          userAgent: row.userAgent,
          current: row.id === currentSessionId,
        }));
    },

    /** The session with this id (live or not), for ending it. */
    find: (sessionId: string) => stored.find(sessionId),

    async end(token: string): Promise<void> {
      const lib = await library();
      const userId = await stored.userOf(token);
      await lib.context.internalAdapter.deleteSession(token);
      if (userId) await stored.announceEnded(userId);
    },

    async endAll(userId: string): Promise<void> {
      const lib = await library();
      await lib.context.internalAdapter.deleteUserSessions(userId);
      await stored.announceEnded(userId);
    },

    /** Tells every instance that sessions of this member ended (for those the library ended itself). */
    announceEnded: (userId: string) => stored.announceEnded(userId),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
