/**
 * The inbound webhook's SQL: the events received (inbound_events, one row per
 * source and event id: 018_inbound.sql), the application an event is about
 * (locked until its transaction ends), the work state a stage report moves,
 * and the activity each event adds to the application's timeline.
 */
import { isDecision, type ActivityKind, type CloseReason, type WorkStatus } from "#domain/desk/work";
import { iso } from "../store/row-values";
import type { Queryable } from "../store/store";

export interface EventKey {
  source: string;
  id: string;
}

/** The application an event is about, locked. */
export interface LockedApplication {
  id: string;
  workStatus: WorkStatus;
  /** No stage report applied yet, or the newest applied one is older than this event. */
  newer: boolean;
  /** The time of the newest stage report applied (null: none yet). */
  stageReportedAt: string | null;
  /**
   * The event's time on the application's timeline: its own time, but never
   * before the application arrived nor after now (a sender's clock may be off).
   */
  at: string;
  /** Who applied, as they gave it. */
  applicant: { firstName: string; lastName: string; email: string };
}

/** What an applied stage report sets. */
export interface StageChange {
  workStatus: WorkStatus;
  closeReason: CloseReason | null;
  fundedAmount: number | null;
  /** The report's own time: stage_reported_at, which later reports must be newer than. */
  reportedAt: string;
}

export interface ActivityInput {
  applicationId: string;
  kind: ActivityKind;
  at: string;
  workStatus?: WorkStatus | null;
  closeReason?: CloseReason | null;
  details: Record<string, unknown>;
}

export const inboundRepository = {
  /**
   * Takes the event's id: false when it was taken before (a repeat). A second
   * delivery racing the first waits here until the first commits (then it is
   * a repeat) or rolls back (then it takes the id).
   */
  async claim(tx: Queryable, key: EventKey, type: string, occurredAt: string): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO inbound_events (source, event_id, type, occurred_at, outcome)
       VALUES ($1, $2, $3, $4::timestamptz, 'received')
       ON CONFLICT (source, event_id) DO NOTHING
       RETURNING 1 AS claimed`,
      [key.source, key.id, type, occurredAt],
    );
    return rows.length === 1;
  },

  /** Records what the event did. */
  async settle(tx: Queryable, key: EventKey, applicationId: string | null, outcome: string): Promise<void> {
    await tx.query(
      `UPDATE inbound_events SET application_id = $3::uuid, outcome = $4
        WHERE source = $1 AND event_id = $2`,
      [key.source, key.id, applicationId, outcome],
    );
  },

  /** What an event received before did. */
  async earlier(db: Queryable, key: EventKey): Promise<{ outcome: string; applicationId: string | null }> {
    const { rows } = await db.query<{ outcome: string; application_id: string | null }>(
      `SELECT outcome, application_id::text AS application_id FROM inbound_events
        WHERE source = $1 AND event_id = $2`,
      [key.source, key.id],
    );
    return { outcome: rows[0]?.outcome ?? "received", applicationId: rows[0]?.application_id ?? null };
  },

  /** The application with this id, reference and/or booking token (all given must match), locked; undefined when there is none. */
  async lockApplication(
    tx: Queryable,
    match: { applicationId?: string; reference?: string; bookingToken?: string },
    occurredAt: string,
  ): Promise<LockedApplication | undefined> {
    const params: unknown[] = [occurredAt];
    const where: string[] = [];
    if (match.applicationId !== undefined) {
      params.push(match.applicationId);
      where.push(`id = $${params.length}::uuid`);
    }
    if (match.reference !== undefined) {
      params.push(match.reference);
      where.push(`reference = $${params.length}`);
    }
    if (match.bookingToken !== undefined) {
      params.push(match.bookingToken);
      where.push(`booking_token = $${params.length}`);
    }
    if (where.length === 0) return undefined;
    const { rows } = await tx.query<{
      id: string;
      work_status: WorkStatus;
      newer: boolean;
      stage_reported_at: unknown;
      at: unknown;
      first_name: string;
      last_name: string;
      email: string;
    }>(
      `SELECT id::text AS id, work_status, stage_reported_at, first_name, last_name, email,
              (stage_reported_at IS NULL OR stage_reported_at < $1::timestamptz) AS newer,
              least(greatest($1::timestamptz, created_at), now()) AS at
         FROM applications WHERE ${where.join(" AND ")}
        FOR UPDATE`,
      params,
    );
    const row = rows[0];
    return (
      row && {
        id: row.id,
        workStatus: row.work_status,
        newer: row.newer,
        stageReportedAt: iso(row.stage_reported_at),
        at: iso(row.at)!,
        applicant: { firstName: row.first_name, lastName: row.last_name, email: row.email },
      }
    );
  },

  /**
   * A stage report: the review clock stops at it (the first touch: the
   * earliest one reported, also when an earlier report arrives later), and an
   * applied one moves the work status (a decision, funded or lost as not
   * qualified, is decided at the report's time). least() passes over a NULL.
   */
  async reportStage(tx: Queryable, id: string, at: string, change: StageChange | undefined): Promise<void> {
    if (!change) {
      await tx.query(
        `UPDATE applications SET first_touched_at = least(first_touched_at, $2::timestamptz)
          WHERE id = $1::uuid AND (first_touched_at IS NULL OR first_touched_at > $2::timestamptz)`,
        [id, at],
      );
      return;
    }
    await tx.query(
      `UPDATE applications
          SET work_status = $3, close_reason = $4,
              funded_amount = CASE WHEN $4 = 'funded' THEN $5::numeric ELSE funded_amount END,
              stage_reported_at = $6::timestamptz,
              first_touched_at = least(first_touched_at, $2::timestamptz),
              decided_at = CASE WHEN $7::boolean THEN coalesce(decided_at, $2::timestamptz) END
        WHERE id = $1::uuid`,
      [
        id,
        at,
        change.workStatus,
        change.closeReason,
        change.fundedAmount === null ? null : String(change.fundedAmount),
        change.reportedAt,
        isDecision(change.workStatus, change.closeReason),
      ],
    );
  },

  /** One entry of the application's timeline, by the sender (no staff member). */
  async addActivity(tx: Queryable, activity: ActivityInput): Promise<void> {
    await tx.query(
      `INSERT INTO application_activities (application_id, at, kind, work_status, close_reason, details)
       VALUES ($1::uuid, $2::timestamptz, $3, $4, $5, $6::jsonb)`,
      [
        activity.applicationId,
        activity.at,
        activity.kind,
        activity.workStatus ?? null,
        activity.closeReason ?? null,
        JSON.stringify(activity.details),
      ],
    );
  },
};
