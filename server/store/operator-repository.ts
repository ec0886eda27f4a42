/** The operator CLI's SQL (server/cli/leads.ts): read-mostly views of the lead desk. */
import type { Store } from "./store";

export type DeliveryStatus = "pending" | "sending" | "delivered" | "dead";
export const DELIVERY_STATUSES: DeliveryStatus[] = ["pending", "sending", "delivered", "dead"];
export const APPLICATION_STATUSES = ["received", "spam"] as const;

export type ApplicationSummary = {
  id: string;
  submitted_at: string;
  status: string;
  company_name: string;
  name: string;
  email: string;
  phone: string;
  funding_amount: string;
  delivery: string | null;
  attempts: number | null;
  last_error: string | null;
};

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/** Dates as ISO strings, bigints/numerics as given: the same output on both engines. */
function normalise<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as T;
}

export function createOperatorRepository(store: Store) {
  return {
    async list(options: { limit: number; status?: string }): Promise<ApplicationSummary[]> {
      const params: unknown[] = [options.limit];
      let where = "";
      if (options.status) {
        params.push(options.status);
        where = (APPLICATION_STATUSES as readonly string[]).includes(options.status)
          ? "WHERE a.status = $2"
          : "WHERE o.status = $2";
      }
      const { rows } = await store.query(
        `SELECT a.id::text AS id, a.submitted_at, a.status, a.company_name,
                a.first_name || ' ' || a.last_name AS name, a.email, a.phone, a.funding_amount::text AS funding_amount,
                o.status AS delivery, o.attempts, o.last_error
           FROM applications a LEFT JOIN outbox o ON o.application_id = a.id
           ${where}
          ORDER BY a.submitted_at DESC, a.id
          LIMIT $1`,
        params,
      );
      return rows.map((row) => normalise<ApplicationSummary>(row));
    },

    async show(id: string) {
      const application = (
        await store.query("SELECT * FROM applications WHERE id::text = $1 OR submission_id::text = $1", [id])
      ).rows[0];
      if (!application) return undefined;
      const appId = String(application.id);
      const consent = (await store.query("SELECT * FROM consents WHERE application_id = $1", [appId]))
        .rows[0];
      const outbox = (
        await store.query(
          `SELECT id::text AS id, status, attempts, next_attempt_at, locked_by, locked_until, last_error,
                  delivered_at, created_at, updated_at
             FROM outbox WHERE application_id = $1`,
          [appId],
        )
      ).rows[0];
      const attempts = outbox
        ? (
            await store.query(
              `SELECT attempt, attempted_at, status_code, error, duration_ms, outcome, worker
                 FROM delivery_attempts WHERE outbox_id = $1 ORDER BY attempted_at, id`,
              [outbox.id],
            )
          ).rows
        : [];
      return {
        application: normalise<Record<string, unknown>>(application),
        consent: consent ? normalise<Record<string, unknown>>(consent) : null,
        delivery: outbox ? normalise<Record<string, unknown>>(outbox) : null,
        attempts: attempts.map((row) => normalise<Record<string, unknown>>(row)),
      };
    },

    async stats() {
      const byStatus = (
        await store.query<{ status: string; n: string }>(
          "SELECT status, count(*)::text AS n FROM outbox GROUP BY status",
        )
      ).rows;
      const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<
        DeliveryStatus,
        number
      >;
      for (const row of byStatus) counts[row.status as DeliveryStatus] = Number(row.n);
      const apps = (
        await store.query<{ total: string; spam: string }>(
          "SELECT count(*)::text AS total, count(*) FILTER (WHERE status = 'spam')::text AS spam FROM applications",
        )
      ).rows[0];
      const waiting = (
        await store.query<{ created_at: unknown; application_id: string }>(
          `SELECT created_at, application_id::text AS application_id FROM outbox
            WHERE status IN ('pending', 'sending') ORDER BY created_at, id LIMIT 1`,
        )
      ).rows[0];
      const attempts = (
        await store.query<{ total: string; failed: string; last: unknown }>(
          `SELECT count(*)::text AS total, count(*) FILTER (WHERE outcome IS DISTINCT FROM 'delivered')::text AS failed,
                  max(attempted_at) AS last
             FROM delivery_attempts`,
        )
      ).rows[0];
      const newsletter = (
        await store.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM newsletter_subscribers WHERE status = 'subscribed'",
        )
      ).rows[0];
      return {
        applications: { total: Number(apps.total), spam: Number(apps.spam) },
        delivery: counts,
        oldestWaiting: waiting
          ? { applicationId: waiting.application_id, since: iso(waiting.created_at) }
          : null,
        attempts: {
          total: Number(attempts.total),
          failed: Number(attempts.failed),
          last: iso(attempts.last),
        },
        dead: counts.dead,
        newsletterSubscribers: Number(newsletter.n),
      };
    },

    /**
     * Back to pending, due now, with a fresh retry schedule (the attempt
     * history stays). A delivered row only with `force`. Returns the ids moved.
     */
    async redeliver(target: { id: string; force?: boolean } | { allDead: true }): Promise<string[]> {
      const set = `SET status = 'pending', next_attempt_at = now(), attempts = 0, locked_by = NULL,
                       locked_until = NULL, updated_at = now()`;
      const result =
        "allDead" in target
          ? await store.query<{ application_id: string }>(
              `UPDATE outbox ${set} WHERE status = 'dead' RETURNING application_id::text AS application_id`,
            )
          : await store.query<{ application_id: string }>(
              `UPDATE outbox ${set}
                WHERE application_id::text = $1 AND status IN ('dead', 'pending'${target.force ? ", 'delivered'" : ""})
                RETURNING application_id::text AS application_id`,
              [target.id],
            );
      return result.rows.map((row) => row.application_id);
    },

    async exportRows(kind: "applications" | "consents" | "newsletter"): Promise<Record<string, unknown>[]> {
      const sql = {
        applications: `SELECT a.id, a.submission_id, a.submitted_at, a.status, a.spam_reason, a.source,
                              a.company_name, a.industry, a.annual_revenue, a.years_in_business, a.business_description,
                              a.funding_type, a.funding_amount::text AS funding_amount, a.funding_purpose, a.timeframe,
                              a.first_name, a.last_name, a.email, a.phone, a.title, a.credit_score, a.sms_consent,
                              a.client_ip, a.user_agent, a.attribution::text AS attribution,
                              o.status AS delivery_status, o.attempts AS delivery_attempts, o.delivered_at, o.last_error
                         FROM applications a LEFT JOIN outbox o ON o.application_id = a.id
                        ORDER BY a.submitted_at, a.id`,
        consents: `SELECT c.application_id, c.consented_at, c.consent_version, c.consent_text, c.phone, c.ip,
                          c.user_agent, c.page_url
                     FROM consents c ORDER BY c.consented_at, c.application_id`,
        newsletter: `SELECT email, status, spam_reason, created_at, ip, user_agent
                       FROM newsletter_subscribers ORDER BY created_at, id`,
      }[kind];
      return (await store.query(sql)).rows.map((row) => normalise<Record<string, unknown>>(row));
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
