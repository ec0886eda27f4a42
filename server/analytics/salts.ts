/**
 * The daily salts behind the visitor key, kept in the store so every
 * instance on one database uses the same one: 16 random bytes per UTC day,
 * made by whichever instance needs it first. Today's and yesterday's are
 * kept; an older salt is deleted as soon as a new day's is made (and by the
 * hourly upkeep), so no salt outlives its day by more than 48 hours.
 */
import { randomBytes } from "node:crypto";
import type { Queryable } from "../store/store";
import { utcDay } from "./visitor";

export const SALT_BYTES = 16;

export interface SaltStore {
  /** The salt of `now`'s UTC day (made now if no instance has made it). */
  saltFor(now: Date): Promise<Uint8Array>;
  /** Deletes the salts of days before yesterday; returns how many. */
  purge(now: Date): Promise<number>;
}

/** The day before `day` ("2026-03-01" -> "2026-02-28"). */
function dayBefore(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
}

export function createSaltStore(db: Queryable): SaltStore {
  // The current day's salt, and the lookup under way (one per day change).
  let cached: { day: string; salt: Promise<Uint8Array> } | undefined;

  async function load(day: string, now: Date): Promise<Uint8Array> {
    await db.query(
      "INSERT INTO analytics_salts (day, salt, created_at) VALUES ($1, $2, $3) ON CONFLICT (day) DO NOTHING",
      [day, randomBytes(SALT_BYTES), now.toISOString()],
    );
    const { rows } = await db.query<{ salt: Uint8Array }>("SELECT salt FROM analytics_salts WHERE day = $1", [
      day,
    ]);
    if (!rows[0]) throw new Error(`analytics: no salt for ${day}`);
    await purge(now);
    return new Uint8Array(rows[0].salt);
  }

  async function purge(now: Date): Promise<number> {
    const { rowCount } = await db.query("DELETE FROM analytics_salts WHERE day < $1", [
      dayBefore(utcDay(now)),
    ]);
    return rowCount;
  }

  return {
    saltFor(now) {
      const day = utcDay(now);
      if (cached?.day !== day) {
        const salt = load(day, now);
        cached = { day, salt };
        // A failed lookup is tried again by the next request.
        salt.catch(() => {
          if (cached?.salt === salt) cached = undefined;
        });
      }
      return cached.salt;
    },
    purge,
  };
}
