/**
 * Staff sessions' SQL: the rows of `desk_session` that the authentication
 * library creates and looks up, read and touched here for what it does not
 * do (server/desk/auth/sessions.ts enforces the idle timeout, the absolute
 * lifetime and a disabled account on every request). Ending a member's
 * sessions is announced on SESSIONS_ENDED_CHANNEL to every instance, whose
 * live streams of that member check their session at once
 * (server/desk/live) instead of at the next heartbeat.
 */
import type { Store } from "../store/store";

export interface SessionRow {
  id: string;
  token: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The channel that tells every instance a member's sessions ended: `{"user", "schema"}`. */
export const SESSIONS_ENDED_CHANNEL = "desk_sessions_ended";

export function createSessionRepository(store: Store) {
  return {
    /** After the sessions' rows are gone: each instance's streams of this member look again. */
    async announceEnded(userId: string): Promise<void> {
      await store.query(
        "SELECT pg_notify($1, json_build_object('user', $2::text, 'schema', current_schema())::text)",
        [SESSIONS_ENDED_CHANNEL, userId],
      );
    },

    /** The session was used at `at`: the idle timeout runs from then. */
    async touch(sessionId: string, at: Date): Promise<void> {
      await store.query(`UPDATE desk_session SET "lastSeenAt" = $2 WHERE id = $1`, [sessionId, at]);
    },

    /** One user's sessions (live or not), newest first. */
    async listOf(userId: string): Promise<SessionRow[]> {
      const { rows } = await store.query<SessionRow>(
        `SELECT id, token, "userId", "createdAt", "expiresAt", "lastSeenAt", "ipAddress", "userAgent"
         FROM desk_session WHERE "userId" = $1 ORDER BY "createdAt" DESC`,
        [userId],
      );
      return rows;
    },

    /** The session with this id (live or not). */
    async find(sessionId: string): Promise<{ id: string; userId: string; token: string } | null> {
      const { rows } = await store.query<{ id: string; userId: string; token: string }>(
        `SELECT id, "userId", token FROM desk_session WHERE id = $1`,
        [sessionId],
      );
      return rows[0] ?? null;
    },

    /** Whose session this token is, if it is one. */
    async userOf(token: string): Promise<string | null> {
      const { rows } = await store.query<{ userId: string }>(
        `SELECT "userId" FROM desk_session WHERE token = $1`,
        [token],
      );
      return rows[0]?.userId ?? null;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
