/**
 * The opt-out ledger's SQL (migration 021: append-only, so only INSERT and
 * SELECT here). Answers the contract's OptOut, with the day it must be
 * honoured by in the provider's zone and where it stands with the CRM (its
 * outbox row, migration 022).
 */
import type { OptOut, OptOutCrm } from "#domain/desk/contract";
import type { OptOutChannel, OptOutCrmStatus, OptOutSource } from "#domain/desk/opt-outs";
import { iso } from "../store/row-values";
import type { Queryable, Store } from "../store/store";
import { honourBy } from "./honour-by";

/** One opt-out to append: the ledger's row as the contract has it, but for what the store sets. */
export type NewOptOut = Pick<
  OptOut,
  "channel" | "phone" | "email" | "receivedVia" | "note" | "recordedBy"
> & {
  /** ISO 8601; null: now. */
  receivedAt: string | null;
};

/** A number (any format: matched by phone_key(), the last ten digits) and/or an address (any case). */
export type OptOutMatch = { phone?: string | null; email?: string | null };

interface OptOutRow {
  id: string;
  channel: OptOutChannel;
  phone: string | null;
  email: string | null;
  received_via: OptOutSource;
  note: string | null;
  recorded_by_id: string | null;
  recorded_by_name: string | null;
  received_at: Date | string;
  recorded_at: Date | string;
  crm_status: string | null;
  crm_attempts: number | null;
  crm_delivered_at: Date | string | null;
  crm_last_error: string | null;
}

const COLUMNS = `l.id::text AS id, l.channel, l.phone, l.email, l.received_via, l.note, l.recorded_by_id,
                 l.recorded_by_name, l.received_at, l.recorded_at,
                 o.status AS crm_status, o.attempts AS crm_attempts, o.delivered_at AS crm_delivered_at,
                 o.last_error AS crm_last_error`;

/** The outbox's status in the desk's words; no row: the CRM reported it (or it is being recorded now). */
function crmOf(row: OptOutRow): OptOutCrm {
  const status: OptOutCrmStatus =
    row.crm_status === null
      ? row.received_via === "crm"
        ? "from-crm"
        : "waiting"
      : row.crm_status === "delivered"
        ? "delivered"
        : row.crm_status === "dead"
          ? "refused"
          : "waiting";
  return {
    status,
    attempts: Number(row.crm_attempts ?? 0),
    deliveredAt: iso(row.crm_delivered_at) ?? null,
    lastError: status === "delivered" ? null : row.crm_last_error,
  };
}

export function createOptOutRepository(store: Store, timeZone: string) {
  const toOptOut = (row: OptOutRow): OptOut => ({
    id: row.id,
    channel: row.channel,
    phone: row.phone,
    email: row.email,
    receivedVia: row.received_via,
    note: row.note,
    recordedBy:
      row.recorded_by_id === null ? null : { id: row.recorded_by_id, name: row.recorded_by_name ?? "" },
    receivedAt: iso(row.received_at)!,
    recordedAt: iso(row.recorded_at)!,
    honourBy: honourBy(iso(row.received_at)!, timeZone),
    crm: crmOf(row),
  });

  return {
    /** Appends one opt-out; pass the caller's transaction as `db`. */
    async add(db: Queryable, optOut: NewOptOut): Promise<OptOut> {
      const { rows } = await db.query<OptOutRow>(
        // A new opt-out has no outbox row yet (recordOptOut queues it next): its CRM state is "waiting".
        `WITH l AS (
           INSERT INTO opt_outs (channel, phone, email, received_via, note, recorded_by_id, recorded_by_name, received_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()))
           RETURNING *)
         SELECT ${COLUMNS} FROM l LEFT JOIN opt_out_outbox o ON false`,
        [
          optOut.channel,
          optOut.phone,
          optOut.email,
          optOut.receivedVia,
          optOut.note,
          optOut.recordedBy?.id ?? null,
          optOut.recordedBy?.name ?? null,
          optOut.receivedAt,
        ],
      );
      return toOptOut(rows[0]);
    },

    /** The sms opt-outs of a number and the e-mail opt-outs of an address, newest first. */
    async find(match: OptOutMatch): Promise<OptOut[]> {
      const { rows } = await store.query<OptOutRow>(
        `SELECT ${COLUMNS} FROM opt_outs l LEFT JOIN opt_out_outbox o ON o.opt_out_id = l.id
          WHERE (l.channel = 'sms' AND l.phone_key = phone_key($1::text))
             OR (l.channel = 'email' AND l.email = lower($2::text))
          ORDER BY l.received_at DESC, l.id DESC
          LIMIT 1000`,
        [match.phone ?? null, match.email ?? null],
      );
      return rows.map(toOptOut);
    },
  };
}

export type OptOutRepository = ReturnType<typeof createOptOutRepository>;
