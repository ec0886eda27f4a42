/**
 * The store's CSV exports, for the desk's API and the operator CLI: the
 * applications (filtered like the inbox) and the consent ledger, their
 * columns, a count and the rows in keyset batches, both up to one instant so
 * they agree.
 */
import { inboxWhere, whereSql, type InboxFilter } from "./inbox-filter";
import { normalise } from "../store/row-values";
import type { Store } from "../store/store";

/** The store's CSV exports here (the newsletter's is its confirmed list: the newsletter repository). */
export type ExportKind = "applications" | "consents";

/**
 * The CSV exports: their columns (the CLI's and the desk's), where they come
 * from, and the (time, id) pair each is ordered and paged by.
 */
const EXPORTS = {
  applications: {
    columns: [
      "a.id",
      "a.submission_id",
      "a.submitted_at",
      "a.status",
      "a.quarantine_reason",
      "a.source",
      "a.company_name",
      "a.industry",
      "a.annual_revenue",
      "a.years_in_business",
      "a.business_description",
      "a.funding_type",
      "a.funding_amount::text AS funding_amount",
      "a.funding_purpose",
      "a.timeframe",
      "a.first_name",
      "a.last_name",
      "a.email",
      "a.phone",
      "a.title",
      "a.credit_score",
      "a.sms_consent",
      "a.client_ip",
      "a.user_agent",
      "a.attribution::text AS attribution",
      "CASE WHEN o.status = 'cancelled' THEN NULL ELSE o.status END AS delivery_status",
      "o.attempts AS delivery_attempts",
      "o.delivered_at",
      "o.last_error",
    ],
    from: "applications a LEFT JOIN outbox o ON o.application_id = a.id",
    key: { at: "a.created_at", id: "a.id", cast: "uuid", newestFirst: true },
  },
  consents: {
    columns: [
      "c.application_id",
      "c.consented_at",
      "c.consent_version",
      "c.consent_text",
      "c.phone",
      "c.ip",
      "c.user_agent",
      "c.page_url",
    ],
    from: "consents c",
    key: { at: "c.consented_at", id: "c.application_id", cast: "uuid", newestFirst: false },
  },
} as const;

/** Each export's CSV header: the column names its rows carry. */
export const EXPORT_COLUMNS = Object.fromEntries(
  Object.entries(EXPORTS).map(([kind, { columns }]) => [
    kind,
    columns.map((column) => /\bAS (\w+)$/.exec(column)?.[1] ?? column.split(".").pop()!),
  ]),
) as Record<ExportKind, string[]>;

/** An export's rows: the inbox filter (applications only), up to an instant (so a count and its rows agree). */
export interface ExportScope {
  filter?: InboxFilter;
  /** ISO instant; rows whose time is later are left out. */
  until?: string;
}

function exportWhere(kind: ExportKind, scope: ExportScope, params: unknown[]): string[] {
  const where = kind === "applications" ? inboxWhere(scope.filter ?? {}, params) : [];
  if (scope.until) where.push(`${EXPORTS[kind].key.at} <= $${params.push(scope.until)}::timestamptz`);
  return where;
}

export function createExportRepository(store: Store) {
  /** The store's clock, to the microsecond: an export's `until`. */
  async function now(): Promise<string> {
    const { rows } = await store.query<{ now: string }>(
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
    );
    return rows[0].now;
  }

  async function countExport(kind: ExportKind, scope: ExportScope = {}): Promise<number> {
    const params: unknown[] = [];
    const where = exportWhere(kind, scope, params);
    const { rows } = await store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${EXPORTS[kind].from} ${whereSql(where)}`,
      params,
    );
    return Number(rows[0].n);
  }

  /**
   * CSV rows in batches (keyset pages, so a large export neither loads
   * everything at once nor holds the store): applications in inbox order,
   * consents oldest first.
   */
  async function* exportBatches(
    kind: ExportKind,
    scope: ExportScope = {},
    batchSize = 1000,
  ): AsyncGenerator<Record<string, unknown>[]> {
    const { columns, from, key } = EXPORTS[kind];
    const [dir, op] = key.newestFirst ? ["DESC", "<"] : ["ASC", ">"];
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const params: unknown[] = [];
      const where = exportWhere(kind, scope, params);
      if (after) {
        params.push(after.at, after.id);
        where.push(
          `(${key.at}, ${key.id}) ${op} ($${params.length - 1}::timestamptz, $${params.length}::${key.cast})`,
        );
      }
      params.push(batchSize);
      const { rows } = await store.query(
        `SELECT ${columns.join(", ")},
                to_char(${key.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position_at,
                ${key.id}::text AS position_id
           FROM ${from} ${whereSql(where)}
          ORDER BY ${key.at} ${dir}, ${key.id} ${dir}
          LIMIT $${params.length}`,
        params,
      );
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      after = { at: String(last.position_at), id: String(last.position_id) };
      yield rows.map((row) => {
        const { position_at: _at, position_id: _id, ...rest } = row;
        return normalise<Record<string, unknown>>(rest);
      });
      if (rows.length < batchSize) return;
    }
  }

  return {
    now,
    countExport,
    exportBatches,

    async exportRows(kind: ExportKind, scope: ExportScope = {}): Promise<Record<string, unknown>[]> {
      const rows: Record<string, unknown>[] = [];
      for await (const batch of exportBatches(kind, scope)) rows.push(...batch);
      return rows;
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
