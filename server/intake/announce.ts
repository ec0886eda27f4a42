/**
 * Tells every instance's live inbox (server/desk/live, LISTEN on
 * desk_applications) that applications arrived, after the intake committed
 * them: one `pg_notify` statement for all those stored meanwhile, in a
 * transaction of its own that writes no WAL. Not a trigger on the insert: a
 * NOTIFY in the intake's own transaction would hold PostgreSQL's notification
 * lock through that commit's disk flush and make intakes commit one at a time
 * (migration 019). The payload is the trigger's: the id, "created", the schema.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Store } from "../store/store";

export const LIVE_CHANNEL = "desk_applications";

export function createArrivalAnnouncer(store: Store, log?: Pick<FastifyBaseLogger, "warn">) {
  let waiting: string[] = [];
  let sending = false;

  async function drain(): Promise<void> {
    sending = true;
    while (waiting.length) {
      const ids = waiting;
      waiting = [];
      try {
        await store.query(
          `SELECT pg_notify($1, json_build_object('id', id, 'kind', 'created', 'schema', current_schema())::text)
             FROM unnest($2::uuid[]) AS id`,
          [LIVE_CHANNEL, ids],
          { prepare: true },
        );
      } catch (error) {
        // Only a hint: the desk's inbox catches up on its next change or refetch.
        log?.warn(
          { err: error, applicationIds: ids },
          "could not announce new applications to the live inbox",
        );
      }
    }
    sending = false;
  }

  return {
    /** Announces `id` soon (never waits, never throws). */
    announce(id: string): void {
      waiting.push(id);
      if (!sending) void drain();
    },
  };
}
