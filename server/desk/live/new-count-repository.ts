/**
 * A staff member's count of new applications, the number beside "Inbox" in
 * the desk's navigation and in its tab title: received (not quarantined),
 * work status new, theirs or unassigned, and not yet opened by them. It reads
 * the partial index applications_new_idx (migration 017), which holds only
 * the applications nobody has started on.
 */
import type { Store } from "../../store/store";

export function createNewCountRepository(store: Store) {
  return {
    async count(userId: string): Promise<number> {
      const { rows } = await store.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM applications a
          WHERE a.status = 'received' AND a.work_status = 'new'
            AND (a.owner_id = $1 OR a.owner_id IS NULL)
            AND NOT EXISTS (SELECT 1 FROM application_reads r WHERE r.user_id = $1 AND r.application_id = a.id)`,
        [userId],
      );
      return rows[0].count;
    },

    /** The schema the store's tables live in: notifications from another schema's tables are not ours. */
    async schema(): Promise<string> {
      const { rows } = await store.query<{ schema: string }>("SELECT current_schema() AS schema");
      return rows[0].schema;
    },
  };
}

export type NewCountRepository = ReturnType<typeof createNewCountRepository>;
