/**
 * Assignment's SQL: who is on duty and in which groups, the routing rules,
 * and giving an application its owner. The round-robin's choice is one
 * statement (its CTEs in choice-sql.ts) run under a transaction-scoped
 * advisory lock (assignment.ts says why); everything else is plain reads
 * and writes.
 */
import type { Queryable, Store } from "../store/store";
import { chooseOwnerCtes, ON_DUTY, recordChoiceCtes } from "./choice-sql";
import { lockUntilCommit } from "../store/advisory-lock";

/** The advisory lock every automatic assignment takes, on every instance sharing the database. */
export const ASSIGNMENT_LOCK = 7_314_219;

/** A stored routing rule (amounts as the numbers they are). */
export interface RuleRow {
  id: string;
  fundingType: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  group: string;
}

export type NewRule = Omit<RuleRow, "id">;

/** A staff member as assignment sees them. */
export interface Member {
  id: string;
  name: string;
  email: string;
  disabled: boolean;
  /** Has confirmed their second factor (can sign in, so can be given applications). */
  enrolled: boolean;
  onDuty: boolean;
  groups: string[];
}

/** An application as assignment looks at it, locked for the rest of the transaction. */
export interface AssignableApplication {
  status: string;
  ownerId: string | null;
  workStatus: string;
  /** Stored by the intake and not yet through a batch (the sweep's marker). */
  awaitingOwner: boolean;
  /** Somebody not disabled is on duty. */
  staffed: boolean;
}

/** Who got it: the owner, and the group a rule routed it to (null: everyone on duty). */
export interface Chosen {
  ownerId: string;
  ownerName: string;
  group: string | null;
}

const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The columns of an application assignment looks at (table alias `a`). */
const ASSIGNABLE = `a.id::text AS id, a.status, a.owner_id, a.work_status, a.awaiting_owner`;

interface AssignableRow {
  id: string;
  status: string;
  owner_id: string | null;
  work_status: string;
  awaiting_owner: boolean;
}

const assignable = (row: AssignableRow, staffed: boolean): AssignableApplication => ({
  status: row.status,
  ownerId: row.owner_id,
  workStatus: row.work_status,
  awaitingOwner: row.awaiting_owner === true,
  staffed,
});

export function createAssignmentRepository(store: Store) {
  return {
    /** Whether anyone is on duty now (the intake skips the lock when nobody is). */
    async anyoneOnDuty(db: Queryable = store): Promise<boolean> {
      const { rows } = await db.query<{ staffed: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM desk_duty d JOIN desk_user u ON u.id = d.user_id WHERE ${ON_DUTY}) AS staffed`,
      );
      return rows[0]?.staffed === true;
    },

    /** The application, locked until the transaction ends (always before the advisory lock). */
    async lockApplication(db: Queryable, id: string): Promise<AssignableApplication | undefined> {
      const { rows } = await db.query<AssignableRow & { staffed: boolean }>(
        `SELECT ${ASSIGNABLE},
                EXISTS (SELECT 1 FROM desk_duty d JOIN desk_user u ON u.id = d.user_id WHERE ${ON_DUTY}) AS staffed
           FROM applications a WHERE a.id = $1::uuid FOR UPDATE OF a`,
        [id],
      );
      const row = rows[0];
      return row && assignable(row, row.staffed);
    },

    /**
     * Several new applications, locked until the transaction ends, in id order
     * (so two batches never wait on each other in opposite orders); each with
     * what assignIn checks.
     */
    async lockApplications(db: Queryable, ids: string[]): Promise<Map<string, AssignableApplication>> {
      const { rows } = await db.query<AssignableRow>(
        `SELECT ${ASSIGNABLE}
           FROM applications a WHERE a.id = ANY ($1::uuid[]) ORDER BY a.id FOR UPDATE OF a`,
        [ids],
      );
      return new Map(rows.map((row) => [row.id, assignable(row, true)]));
    },

    /**
     * The round-robin for one application, in one statement (choice-sql.ts):
     * the choice becomes the owner (and the application is through the
     * intake's queue), the member's turn moves, the activity is written.
     * `exclude` is never chosen. Nobody on duty: nothing changes, undefined.
     */
    async assignNext(db: Queryable, id: string, exclude: string[] = []): Promise<Chosen | undefined> {
      const { rows } = await db.query<{ owner_id: string; owner_name: string; group_name: string | null }>(
        `WITH app AS (
           SELECT funding_type, funding_amount FROM applications WHERE id = $1::uuid
         ), ${chooseOwnerCtes({
           fundingType: "(SELECT funding_type FROM app)",
           fundingAmount: "(SELECT funding_amount FROM app)",
           exclude: "$2::text[]",
         })}, owned AS (
           UPDATE applications a
              SET owner_id = chosen.user_id, assigned_at = now(), reminded_at = NULL, awaiting_owner = false
             FROM chosen WHERE a.id = $1::uuid
           RETURNING a.id
         ), ${recordChoiceCtes("owned")}
         SELECT user_id AS owner_id, name AS owner_name, group_name FROM chosen`,
        [id, exclude],
      );
      const row = rows[0];
      return row && { ownerId: row.owner_id, ownerName: row.owner_name, group: row.group_name };
    },

    /** Applications through the intake's queue without an owner (nobody on duty). */
    async passOver(ids: string[], db: Queryable = store): Promise<void> {
      await db.query(
        "UPDATE applications SET awaiting_owner = false WHERE id = ANY ($1::uuid[]) AND awaiting_owner",
        [ids],
      );
    },

    /**
     * Applications stored more than `olderThanMs` ago that never went through
     * the intake's queue (the process stopped between their commit and their
     * batch), oldest first.
     */
    async awaitingOwner(olderThanMs: number, limit: number, db: Queryable = store): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM applications
          WHERE awaiting_owner AND created_at < now() - $1::float8 * interval '1 millisecond'
          ORDER BY created_at, id LIMIT $2`,
        [olderThanMs, limit],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Up to `limit` applications waiting for an owner (received, not
     * closed, nobody's, not in the intake's queue: they arrived while nobody
     * was on duty, or were put back), oldest first, locked until the
     * transaction ends. Rows another transaction holds are skipped (it is
     * assigning or changing them), so instances looking at once never wait
     * on each other and never take the same one; a row given an owner
     * meanwhile is looked at again by the lock and left out.
     */
    async lockWaiting(db: Queryable, limit: number): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT a.id::text AS id FROM applications a
          WHERE a.owner_id IS NULL AND a.status = 'received' AND a.work_status <> 'closed'
            AND NOT a.awaiting_owner
          ORDER BY a.created_at, a.id LIMIT $1
          FOR UPDATE OF a SKIP LOCKED`,
        [limit],
      );
      return rows.map((row) => row.id);
    },

    /**
     * This transaction's commit does not wait for the WAL flush (PostgreSQL's
     * asynchronous commit), so the lock it holds is released sooner; see
     * assignment.ts for why that is safe here.
     */
    async commitWithoutFlush(db: Queryable): Promise<void> {
      await db.query("SET LOCAL synchronous_commit = off");
    },

    /** Serialises automatic assignment until the transaction ends. */
    async lockTurns(db: Queryable): Promise<void> {
      await lockUntilCommit(db, ASSIGNMENT_LOCK);
    },

    /**
     * Sets (or clears, null) the owner by hand or by the system, and writes
     * the 'assignment' activity: `actor` is the staff member who did it, or
     * null for the system.
     */
    async setOwner(
      db: Queryable,
      id: string,
      owner: { id: string; name: string } | null,
      actor: { id: string; name: string } | null,
    ): Promise<void> {
      await db.query(
        `UPDATE applications SET owner_id = $2, assigned_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
                 reminded_at = NULL
          WHERE id = $1::uuid`,
        [id, owner?.id ?? null],
      );
      await db.query(
        `INSERT INTO application_activities (application_id, kind, actor_id, actor_name, owner_id, owner_name)
         VALUES ($1::uuid, 'assignment', $2, $3, $4, $5)`,
        [id, actor?.id ?? null, actor?.name ?? null, owner?.id ?? null, owner?.name ?? null],
      );
    },

    /** No owner, without an activity (the caller writes the one that says where it went). */
    async clearOwner(db: Queryable, id: string): Promise<void> {
      await db.query("UPDATE applications SET owner_id = NULL, assigned_at = NULL WHERE id = $1::uuid", [id]);
    },

    /** The ids of a member's open applications (not closed), oldest first. */
    async openApplicationsOf(userId: string, db: Queryable = store): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM applications
          WHERE owner_id = $1 AND work_status <> 'closed'
          ORDER BY created_at, id`,
        [userId],
      );
      return rows.map((row) => row.id);
    },

    /** A staff member with their duty, or undefined. */
    async member(id: string, db: Queryable = store): Promise<Member | undefined> {
      const { rows } = await db.query<{
        id: string;
        name: string;
        email: string;
        banned: boolean | null;
        twoFactorEnabled: boolean | null;
        on_duty: boolean | null;
        groups: string[] | null;
      }>(
        `SELECT u.id, u.name, u.email, u.banned, u."twoFactorEnabled", d.on_duty, d.groups
           FROM desk_user u LEFT JOIN desk_duty d ON d.user_id = u.id WHERE u.id = $1`,
        [id],
      );
      const row = rows[0];
      return (
        row && {
          id: row.id,
          name: row.name,
          email: row.email,
          disabled: row.banned === true,
          enrolled: row.twoFactorEnabled === true,
          onDuty: row.on_duty === true,
          groups: row.groups ?? [],
        }
      );
    },

    /** Sets a member's duty and/or groups (a member without a row gets one). */
    async setDuty(
      userId: string,
      change: { onDuty?: boolean; groups?: string[] },
      db: Queryable = store,
    ): Promise<void> {
      await db.query(
        `INSERT INTO desk_duty (user_id, on_duty, groups) VALUES ($1, coalesce($2, false), coalesce($3::text[], '{}'))
         ON CONFLICT (user_id) DO UPDATE
            SET on_duty = coalesce($2, desk_duty.on_duty),
                groups = coalesce($3::text[], desk_duty.groups),
                updated_at = now()`,
        [userId, change.onDuty ?? null, change.groups ?? null],
      );
    },

    /** The routing rules in order. */
    async rules(db: Queryable = store): Promise<RuleRow[]> {
      const { rows } = await db.query<{
        id: string;
        funding_type: string | null;
        min_amount: unknown;
        max_amount: unknown;
        group_name: string;
      }>(
        `SELECT id::text AS id, funding_type, min_amount, max_amount, group_name
           FROM assignment_rules ORDER BY position, assignment_rules.id`,
      );
      return rows.map((row) => ({
        id: row.id,
        fundingType: row.funding_type,
        minAmount: amount(row.min_amount),
        maxAmount: amount(row.max_amount),
        group: row.group_name,
      }));
    },

    /** Replaces every rule with `rules`, in their order (call in a transaction). */
    async replaceRules(db: Queryable, rules: NewRule[]): Promise<void> {
      await db.query("DELETE FROM assignment_rules");
      if (rules.length === 0) return;
      await db.query(
        `INSERT INTO assignment_rules (position, funding_type, min_amount, max_amount, group_name)
         SELECT r.position, r.funding_type, r.min_amount, r.max_amount, r.group_name
           FROM unnest($1::integer[], $2::text[], $3::numeric[], $4::numeric[], $5::text[])
             AS r (position, funding_type, min_amount, max_amount, group_name)`,
        [
          rules.map((_, index) => index),
          rules.map((rule) => rule.fundingType),
          rules.map((rule) => rule.minAmount),
          rules.map((rule) => rule.maxAmount),
          rules.map((rule) => rule.group),
        ],
      );
    },
  };
}

export type AssignmentRepository = ReturnType<typeof createAssignmentRepository>;
