/**
 * The review alerts' SQL (alerts.ts says when each runs). An open clock is an
 * application received (not quarantined), untouched and not closed: the rows
 * of applications_open_clock_idx. A recipient's turn is a row of
 * review_alert_sends claimed by a conditional upsert; open clocks are locked
 * in id order, so two senders never wait for each other in a circle. A
 * follow-up waiting is a lead received and not closed whose owner set a time
 * to call back and has not been reminded of it: it goes to its owner with
 * their reminders, locked in the same pass (lockDue).
 */
import type { Queryable, Store } from "../store/store";

const OPEN_CLOCK = `a.status = 'received' AND a.first_touched_at IS NULL AND a.work_status <> 'closed'`;

/** A follow-up its owner has not been reminded of (migration 029's applications_follow_up_idx). */
const FOLLOW_UP_WAITING = `a.status = 'received' AND a.work_status <> 'closed' AND a.follow_up_at IS NOT NULL AND a.follow_up_reminded_at IS NULL`;

/** A desk account that can receive the review e-mails: enrolled and not disabled. */
export const ACTIVE_USER = `u.banned IS NOT TRUE AND u."twoFactorEnabled" IS TRUE`;

/** Whose turn a staff e-mail takes (review_alert_sends.kind); "call-booked": server/booked-calls/. */
export type ReviewAlertKind = "review-reminder" | "review-overdue" | "call-booked";

/** The admins' alert has one turn for all of them. */
export const ADMINS = "admins";

export interface DeskPerson {
  id: string;
  email: string;
  name: string;
}

export interface OpenClock {
  id: string;
  company: string;
  reference: string | null;
  ownerId: string | null;
  ownerName: string | null;
  dueAt: Date;
  reminded: boolean;
  overdueAlerted: boolean;
}

interface OpenClockRow {
  id: string;
  company: string;
  reference: string | null;
  owner_id: string | null;
  owner_name: string | null;
  review_due_at: Date | string;
  reminded: boolean;
  overdue_alerted: boolean;
}

const openClock = (row: OpenClockRow, dueAt = row.review_due_at): OpenClock => ({
  id: row.id,
  company: row.company,
  reference: row.reference,
  ownerId: row.owner_id,
  ownerName: row.owner_name,
  dueAt: new Date(dueAt),
  reminded: row.reminded,
  overdueAlerted: row.overdue_alerted,
});

export function createReviewAlertsRepository(store: Store) {
  /** Owners (active accounts) with applications or follow-ups due by `soonBefore` and not yet reminded. No locks. */
  async function ownersDueSoon(soonBefore: Date): Promise<DeskPerson[]> {
    const { rows } = await store.query<DeskPerson>(
      `SELECT u.id, u.email, u.name FROM desk_user u
        WHERE ${ACTIVE_USER}
          AND (EXISTS (SELECT 1 FROM applications a
                        WHERE a.owner_id = u.id AND ${OPEN_CLOCK}
                          AND a.reminded_at IS NULL AND a.review_due_at <= $1)
               OR EXISTS (SELECT 1 FROM applications a
                           WHERE a.owner_id = u.id AND ${FOLLOW_UP_WAITING} AND a.follow_up_at <= $1))
        ORDER BY u.id`,
      [soonBefore],
    );
    return rows;
  }

  /** Something only the admins hear of: an overdue clock not yet alerted, or an unowned one due soon. No locks. */
  async function adminsHaveNews(now: Date, soonBefore: Date): Promise<boolean> {
    const { rows } = await store.query<{ news: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM applications a
                       WHERE ${OPEN_CLOCK}
                         AND ((a.overdue_alerted_at IS NULL AND a.review_due_at <= $1)
                              OR (a.owner_id IS NULL AND a.reminded_at IS NULL AND a.review_due_at <= $2))) AS news`,
      [now, soonBefore],
    );
    return rows[0]?.news === true;
  }

  /** The admins, and the desk accounts whose address is one of `addresses` (STAFF_ALERT_EMAILS). */
  async function alertedPeople(addresses: string[], db: Queryable = store): Promise<DeskPerson[]> {
    const { rows } = await db.query<DeskPerson>(
      `SELECT u.id, u.email, u.name FROM desk_user u
        WHERE ${ACTIVE_USER} AND (u.role = 'admin' OR lower(u.email) = ANY($1::text[]))
        ORDER BY u."createdAt", u.id`,
      [addresses.map((address) => address.toLowerCase())],
    );
    return rows;
  }

  /**
   * Claims `person`'s turn for `kind` at `now`: true when their last message
   * is at least `intervalMs` old (or there was none). A concurrent claimer
   * waits for this transaction and then finds the turn taken; a rollback
   * gives the turn back.
   */
  async function claimTurn(
    tx: Queryable,
    person: string,
    kind: ReviewAlertKind,
    now: Date,
    intervalMs: number,
  ): Promise<boolean> {
    const { rows } = await tx.query(
      `INSERT INTO review_alert_sends AS s (person, kind, last_sent_at) VALUES ($1, $2, $3)
       ON CONFLICT (person, kind) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
        WHERE s.last_sent_at <= EXCLUDED.last_sent_at - $4::interval
       RETURNING 1`,
      [person, kind, now, `${intervalMs} milliseconds`],
    );
    return rows.length > 0;
  }

  /**
   * Locks and returns the open clocks an e-mail may list: those due by
   * `soonBefore` and not yet reminded whose owner is one of `ownerIds` (or
   * nobody, with `unowned`), and, with `overdueAt`, every one due by then and
   * not yet alerted.
   */
  async function lockOpenClocks(
    tx: Queryable,
    scope: { ownerIds: string[]; unowned: boolean; soonBefore: Date; overdueAt?: Date },
  ): Promise<OpenClock[]> {
    const { rows } = await tx.query<OpenClockRow>(
      `SELECT a.id::text AS id, a.company_name AS company, a.reference, a.owner_id, u.name AS owner_name,
              a.review_due_at, a.reminded_at IS NOT NULL AS reminded,
              a.overdue_alerted_at IS NOT NULL AS overdue_alerted
         FROM applications a LEFT JOIN desk_user u ON u.id = a.owner_id
        WHERE ${OPEN_CLOCK}
          AND ((a.reminded_at IS NULL AND a.review_due_at <= $2
                AND (a.owner_id = ANY($1::text[]) OR ($3 AND a.owner_id IS NULL)))
               OR (a.overdue_alerted_at IS NULL AND a.review_due_at <= $4))
        ORDER BY a.id
        FOR UPDATE OF a`,
      [scope.ownerIds, scope.soonBefore, scope.unowned, scope.overdueAt ?? null],
    );
    return rows.map((row) => openClock(row));
  }

  /**
   * Locks and returns, in one pass in id order, the open clocks an e-mail may
   * list (as lockOpenClocks) and the follow-ups waiting of `ownerIds` due by
   * `soonBefore` (`dueAt`: when to call back).
   */
  async function lockDue(
    tx: Queryable,
    scope: { ownerIds: string[]; unowned: boolean; soonBefore: Date; overdueAt?: Date },
  ): Promise<{ clocks: OpenClock[]; followUps: OpenClock[] }> {
    const clock = `${OPEN_CLOCK}
          AND ((a.reminded_at IS NULL AND a.review_due_at <= $2
                AND (a.owner_id = ANY($1::text[]) OR ($3 AND a.owner_id IS NULL)))
               OR (a.overdue_alerted_at IS NULL AND a.review_due_at <= $4))`;
    const followUp = `${FOLLOW_UP_WAITING} AND a.follow_up_at <= $2 AND a.owner_id = ANY($1::text[])`;
    const { rows } = await tx.query<
      OpenClockRow & { follow_up_at: Date | string | null; is_clock: boolean; is_follow_up: boolean }
    >(
      `SELECT a.id::text AS id, a.company_name AS company, a.reference, a.owner_id, u.name AS owner_name,
              a.review_due_at, a.follow_up_at, a.reminded_at IS NOT NULL AS reminded,
              a.overdue_alerted_at IS NOT NULL AS overdue_alerted,
              (${clock}) AS is_clock, (${followUp}) AS is_follow_up
         FROM applications a LEFT JOIN desk_user u ON u.id = a.owner_id
        WHERE (${clock}) OR (${followUp})
        ORDER BY a.id
        FOR UPDATE OF a`,
      [scope.ownerIds, scope.soonBefore, scope.unowned, scope.overdueAt ?? null],
    );
    return {
      clocks: rows.filter((row) => row.is_clock).map((row) => openClock(row)),
      followUps: rows.filter((row) => row.is_follow_up).map((row) => openClock(row, row.follow_up_at!)),
    };
  }

  /** Records that the reminder, or the overdue alert, took these applications (or their follow-ups) in. */
  async function mark(
    tx: Queryable,
    what: "reminded" | "overdue-alerted" | "follow-up-reminded",
    ids: string[],
    now: Date,
  ) {
    if (ids.length === 0) return;
    const column =
      what === "reminded"
        ? "reminded_at"
        : what === "overdue-alerted"
          ? "overdue_alerted_at"
          : "follow_up_reminded_at";
    await tx.query(`UPDATE applications SET ${column} = $2 WHERE id = ANY($1::uuid[])`, [ids, now]);
  }

  return { ownersDueSoon, adminsHaveNews, alertedPeople, claimTurn, lockOpenClocks, lockDue, mark };
}

export type ReviewAlertsRepository = ReturnType<typeof createReviewAlertsRepository>;
