/**
 * A staff member's count of new applications, the number beside "Inbox" in
 * the desk's navigation and in its tab title: new to them since they last
 * looked. An application counts when it is received (not quarantined), its
 * work status is new, they have not opened it, and it reached one of their
 * views after they last looked at that view: Mine (given to them since:
 * assigned_at, or received since) and Unassigned (received since). Looking at
 * a view (listing its first page, markSeen) brings its part to zero, on every
 * device (desk_view_seen, migration 030); looking at Everyone is looking at
 * both. Never looked: every such application counts. It reads the partial
 * index applications_new_idx (migration 017), which holds only the
 * applications nobody has started on.
 */
import type { NewCount } from "#domain/desk/contract";
import type { OwnerView } from "#domain/desk/work";
import type { Store } from "../store/store";

/** The views each owner view's looking covers. */
const COVERS: Record<OwnerView, OwnerView[]> = {
  mine: ["mine"],
  unassigned: ["unassigned"],
  everyone: ["mine", "unassigned", "everyone"],
};

export function createNewCountRepository(store: Store) {
  return {
    async count(userId: string): Promise<NewCount> {
      const { rows } = await store.query<{ mine: number; unassigned: number }>(
        `WITH seen AS (
           SELECT coalesce((SELECT seen_at FROM desk_view_seen WHERE user_id = $1 AND view = 'mine'), '-infinity') AS mine,
                  coalesce((SELECT seen_at FROM desk_view_seen WHERE user_id = $1 AND view = 'unassigned'), '-infinity') AS unassigned
         )
         SELECT count(*) FILTER (WHERE a.owner_id = $1 AND greatest(a.created_at, a.assigned_at) > seen.mine)::int AS mine,
                count(*) FILTER (WHERE a.owner_id IS NULL AND a.created_at > seen.unassigned)::int AS unassigned
           FROM applications a, seen
          WHERE a.status = 'received' AND a.work_status = 'new'
            AND (a.owner_id = $1 OR a.owner_id IS NULL)
            AND NOT EXISTS (SELECT 1 FROM application_reads r WHERE r.user_id = $1 AND r.application_id = a.id)`,
        [userId],
      );
      const { mine, unassigned } = rows[0];
      return { count: mine + unassigned, views: { mine, unassigned } };
    },

    /**
     * The member looked at `view` now: what reached it (and the views it
     * covers) until now is no longer new to them. The live inbox hears of it
     * (030's trigger) and counts for them again.
     */
    async markSeen(userId: string, view: OwnerView, at: Date): Promise<void> {
      await store.query(
        `INSERT INTO desk_view_seen (user_id, view, seen_at)
         SELECT $1, v, $3 FROM unnest($2::text[]) AS v
         ON CONFLICT (user_id, view) DO UPDATE SET seen_at = greatest(desk_view_seen.seen_at, EXCLUDED.seen_at)`,
        [userId, COVERS[view], at],
      );
    },

    /** The schema the store's tables live in: notifications from another schema's tables are not ours. */
    async schema(): Promise<string> {
      const { rows } = await store.query<{ schema: string }>("SELECT current_schema() AS schema");
      return rows[0].schema;
    },
  };
}

export type NewCountRepository = ReturnType<typeof createNewCountRepository>;
