/**
 * The opt-out ledger's SQL (migration 021: append-only, so only INSERT and
 * SELECT here). Answers the contract's OptOut, with the day it must be
 * honoured by in the provider's zone.
 */
import type { OptOut } from "#domain/desk/contract";
import type { OptOutChannel, OptOutSource } from "#domain/desk/opt-outs";
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
}

const COLUMNS = `id::text AS id, channel, phone, email, received_via, note, recorded_by_id, recorded_by_name,
                 received_at, recorded_at`;

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
  });

  return {
    /** Appends one opt-out; pass the caller's transaction as `db`. */
    async add(db: Queryable, optOut: NewOptOut): Promise<OptOut> {
      const { rows } = await db.query<OptOutRow>(
        `INSERT INTO opt_outs (channel, phone, email, received_via, note, recorded_by_id, recorded_by_name, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()))
         RETURNING ${COLUMNS}`,
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
        `SELECT ${COLUMNS} FROM opt_outs
          WHERE (channel = 'sms' AND phone_key = phone_key($1::text))
             OR (channel = 'email' AND email = lower($2::text))
          ORDER BY received_at DESC, id DESC
          LIMIT 1000`,
        [match.phone ?? null, match.email ?? null],
      );
      return rows.map(toOptOut);
    },
  };
}

export type OptOutRepository = ReturnType<typeof createOptOutRepository>;
