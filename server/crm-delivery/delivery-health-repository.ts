/**
 * Delivery health, for the desk and the operator CLI: deliveries by state,
 * the longest-waiting one, the last that got through, why the dead ones
 * failed (the last attempt's answer: a permanent refusal or a temporary
 * failure, policy.ts), and sending deliveries again (one, or every dead one,
 * or only the temporary failures).
 */
import { DELIVERY_STATES, type DeliveryState } from "#domain/desk/contract";
import { isUuid, iso } from "../store/row-values";
import type { Queryable, Store } from "../store/store";
import { permanentRefusalSql } from "./policy";

/** A dead delivery's last attempt: when, the CRM's status (null: no answer), the error, and whether it was a permanent refusal. */
export interface LastAttempt {
  at: string | null;
  statusCode: number | null;
  error: string | null;
  permanent: boolean;
}

/** Joins an outbox row `o` to its last attempt, as `last` (none: NULLs). */
const LAST_ATTEMPT = `LEFT JOIN LATERAL (
    SELECT attempted_at, status_code, error FROM delivery_attempts d
     WHERE d.outbox_id = o.id ORDER BY d.attempted_at DESC, d.id DESC LIMIT 1
  ) last ON true`;

export function createDeliveryHealthRepository(store: Store) {
  /** Deliveries by state (a cancelled one is not a delivery). */
  async function deliveryCounts(): Promise<Record<DeliveryState, number>> {
    const { rows } = await store.query<{ status: string; n: string }>(
      "SELECT status, count(*)::text AS n FROM outbox GROUP BY status",
    );
    const counts = Object.fromEntries(DELIVERY_STATES.map((status) => [status, 0])) as Record<
      DeliveryState,
      number
    >;
    for (const row of rows) {
      if (row.status in counts) counts[row.status as DeliveryState] = Number(row.n);
    }
    return counts;
  }

  /** The longest-waiting delivery (pending or being sent), if any. */
  async function oldestWaiting(): Promise<{ applicationId: string; since: string } | null> {
    const { rows } = await store.query<{ created_at: unknown; application_id: string }>(
      `SELECT created_at, application_id::text AS application_id FROM outbox
        WHERE status IN ('pending', 'sending') ORDER BY created_at, id LIMIT 1`,
    );
    return rows[0] ? { applicationId: rows[0].application_id, since: iso(rows[0].created_at)! } : null;
  }

  return {
    deliveryCounts,
    oldestWaiting,

    /** Each dead delivery's last attempt (its CRM status and error), by application id. */
    async lastAttempts(applicationIds: string[]): Promise<Map<string, LastAttempt>> {
      if (applicationIds.length === 0) return new Map();
      const { rows } = await store.query<{
        application_id: string;
        at: unknown;
        status_code: number | null;
        error: string | null;
        permanent: boolean;
      }>(
        `SELECT o.application_id::text AS application_id, last.attempted_at AS at,
                last.status_code, coalesce(last.error, o.last_error) AS error,
                ${permanentRefusalSql("last.status_code")} AS permanent
           FROM outbox o ${LAST_ATTEMPT}
          WHERE o.application_id = ANY($1::uuid[])`,
        [applicationIds.filter(isUuid)],
      );
      return new Map(
        rows.map((row) => [
          row.application_id,
          {
            at: iso(row.at),
            statusCode: row.status_code === null ? null : Number(row.status_code),
            error: row.error,
            permanent: Boolean(row.permanent),
          },
        ]),
      );
    },

    /** Dead deliveries by why: refused for good by the CRM, or given up on after temporary failures. */
    async deadKinds(): Promise<{ temporary: number; permanent: number }> {
      const { rows } = await store.query<{ temporary: string; permanent: string }>(
        `SELECT count(*) FILTER (WHERE NOT ${permanentRefusalSql("last.status_code")})::text AS temporary,
                count(*) FILTER (WHERE ${permanentRefusalSql("last.status_code")})::text AS permanent
           FROM outbox o ${LAST_ATTEMPT} WHERE o.status = 'dead'`,
      );
      return { temporary: Number(rows[0]?.temporary ?? 0), permanent: Number(rows[0]?.permanent ?? 0) };
    },

    /** The newest successful delivery's time, if any. */
    async lastDeliveredAt(): Promise<string | null> {
      const { rows } = await store.query(
        "SELECT max(delivered_at) AS at FROM outbox WHERE status = 'delivered'",
      );
      return iso(rows[0]?.at);
    },

    /**
     * Back to pending, due now, with a fresh retry schedule (the attempt
     * history stays). A delivered row only with `force`; never a row being
     * sent or one the desk cancelled (quarantine). Every dead row (the CLI's
     * --all-dead), or with `include: "temporary"` only those whose last attempt
     * was not a permanent refusal. Returns the ids moved.
     */
    async redeliver(
      target: { id: string; force?: boolean } | { allDead: true; include?: "temporary" | "all" },
      db: Queryable = store,
    ): Promise<string[]> {
      const set = `SET status = 'pending', next_attempt_at = now(), attempts = 0, locked_by = NULL,
                       locked_until = NULL, updated_at = now()`;
      if ("allDead" in target) {
        const temporaryOnly =
          target.include === "temporary"
            ? `AND NOT EXISTS (SELECT 1 FROM outbox o ${LAST_ATTEMPT}
                                 WHERE o.id = outbox.id AND ${permanentRefusalSql("last.status_code")})`
            : "";
        const result = await db.query<{ application_id: string }>(
          `UPDATE outbox ${set} WHERE status = 'dead' ${temporaryOnly}
           RETURNING application_id::text AS application_id`,
        );
        return result.rows.map((row) => row.application_id);
      }
      if (!isUuid(target.id)) return [];
      const result = await db.query<{ application_id: string }>(
        `UPDATE outbox ${set}
          WHERE application_id = $1::uuid AND status IN ('dead', 'pending'${target.force ? ", 'delivered'" : ""})
          RETURNING application_id::text AS application_id`,
        [target.id],
      );
      return result.rows.map((row) => row.application_id);
    },
  };
}

export type DeliveryHealthRepository = ReturnType<typeof createDeliveryHealthRepository>;
