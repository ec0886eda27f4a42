/**
 * Raw analytics events in the store: batch inserts (one statement for a
 * whole batch) and the retention purge. SQL only here and in aggregate.ts.
 */
import type { BrowserEvent, ServerEvent } from "#domain/analytics/events";
import type { Queryable } from "../store/store";
import { FIRST_DAY_NEEDED_SQL } from "./rollups";

/**
 * "application_stored" is resolved while it is inserted: accepted, or
 * quarantined, as the application's own row says (the route decides; we read).
 */
export type EventName = BrowserEvent | ServerEvent | "application_stored";

export interface EventRow {
  at: Date;
  name: EventName;
  visitorKey: string | null;
  path?: string | null;
  prevPath?: string | null;
  referrerHost?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  device?: string | null;
  step?: number | null;
  field?: string | null;
  code?: string | null;
  applicationId?: string | null;
}

const COLUMNS: readonly (readonly [string, string, (row: EventRow) => unknown])[] = [
  ["at", "timestamptz", (row: EventRow) => row.at.toISOString()],
  ["name", "text", (row: EventRow) => row.name],
  ["visitor_key", "bigint", (row: EventRow) => row.visitorKey],
  ["path", "text", (row: EventRow) => row.path ?? null],
  ["prev_path", "text", (row: EventRow) => row.prevPath ?? null],
  ["referrer_host", "text", (row: EventRow) => row.referrerHost ?? null],
  ["utm_source", "text", (row: EventRow) => row.utmSource ?? null],
  ["utm_medium", "text", (row: EventRow) => row.utmMedium ?? null],
  ["utm_campaign", "text", (row: EventRow) => row.utmCampaign ?? null],
  ["device", "text", (row: EventRow) => row.device ?? null],
  ["step", "smallint", (row: EventRow) => row.step ?? null],
  ["field", "text", (row: EventRow) => row.field ?? null],
  ["code", "text", (row: EventRow) => row.code ?? null],
  ["application_id", "uuid", (row: EventRow) => row.applicationId ?? null],
];

const names = COLUMNS.map(([name]) => name);
const arrays = COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(", ");
const selected = names.map((name) =>
  name === "name"
    ? `CASE WHEN e.name = 'application_stored'
         THEN coalesce((SELECT CASE a.status WHEN 'quarantined' THEN 'application_quarantined' ELSE 'application_accepted' END
                          FROM applications a WHERE a.id = e.application_id), 'application_accepted')
         ELSE e.name END`
    : `e.${name}`,
);
const INSERT_SQL = `INSERT INTO analytics_events (${names.join(", ")})
  SELECT ${selected.join(", ")}
    FROM unnest(${arrays}) AS e(${names.join(", ")})`;

export interface EventsRepository {
  /** Inserts the rows in one statement. */
  insert(rows: readonly EventRow[]): Promise<void>;
  /**
   * Deletes raw events that happened before `before`, but only on days whose
   * roll-up is final (their counts live on in analytics_daily). Returns how many.
   */
  purge(before: Date): Promise<number>;
}

export function createEventsRepository(db: Queryable): EventsRepository {
  return {
    async insert(rows) {
      if (rows.length === 0) return;
      await db.query(
        INSERT_SQL,
        COLUMNS.map(([, , value]) => rows.map(value)),
      );
    },
    async purge(before) {
      // Only days whose roll-up is final: their counts live on in analytics_daily.
      const { rowCount } = await db.query(
        `DELETE FROM analytics_events
          WHERE at < $1
            AND at < coalesce((${FIRST_DAY_NEEDED_SQL})::timestamp AT TIME ZONE 'UTC', '-infinity'::timestamptz)`,
        [before.toISOString()],
      );
      return rowCount;
    },
  };
}
