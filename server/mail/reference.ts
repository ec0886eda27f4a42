/**
 * The reference number on an applicant's receipt: "HL-" and 8 characters of
 * Crockford base32 (no I, L, O or U, so it reads aloud without confusion).
 * Each one is 40 random bits from the operating system's secure generator:
 * no two deployments issue the same ones, and one receipt says nothing about
 * any other application nor how many came before it. The column is unique;
 * the rare draw of a number already taken is drawn again (withFreshReference).
 */
import { randomBytes } from "node:crypto";
import { isUniqueViolation, type Queryable } from "../store/store";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export const REFERENCE_PREFIX = "HL-";
export const REFERENCE_PATTERN = /^HL-[0-9A-HJKMNP-TV-Z]{8}$/;

/** A new reference: 8 random base32 characters (5 random bytes, 5 bits each). */
export function randomReference(): string {
  const bytes = randomBytes(5);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let digits = "";
  for (let i = 0; i < 8; i++) {
    digits = CROCKFORD[Number(value & 31n)] + digits;
    value >>= 5n;
  }
  return REFERENCE_PREFIX + digits;
}

/**
 * A reference as someone might type it from their receipt or read it out
 * ("hl 7k3m-9q2x", "HL-7K3M9O2X"), in its stored form; undefined when it
 * is not one. Any case, spaces and hyphens anywhere; the letters Crockford
 * base32 leaves out because they look like digits are read as those digits
 * (O as 0, I and L as 1).
 */
export function parseReference(text: string): string | undefined {
  const compact = text.replace(/[\s-]/g, "").toUpperCase();
  if (!compact.startsWith("HL") || compact.length !== 10) return undefined;
  const digits = compact.slice(2).replace(/O/g, "0").replace(/[IL]/g, "1");
  const reference = REFERENCE_PREFIX + digits;
  return REFERENCE_PATTERN.test(reference) ? reference : undefined;
}

/** The unique indexes a freshly drawn value can collide with (028_booking_token.sql). */
const DRAWN_VALUE_INDEXES = new Set(["applications_reference_key", "applications_booking_token_key"]);

/** Whether `error` is a drawn value (a reference, a booking token) that is taken already. */
export function isDrawnValueTaken(error: unknown): boolean {
  return (
    isUniqueViolation(error) &&
    DRAWN_VALUE_INDEXES.has(String((error as { constraint?: unknown }).constraint))
  );
}

/** How many draws before giving up: at 40 bits, a second one is already a one-in-a-million event. */
const DRAWS = 5;

/**
 * Runs `write` (which stores what it was given) until what it drew is not
 * taken already. Inside a transaction (`db` is one), each try is under a
 * savepoint, so a taken value does not end the transaction.
 */
export async function withFreshReference<T>(
  db: Queryable,
  inTransaction: boolean,
  write: () => Promise<T>,
): Promise<T> {
  for (let draw = 1; ; draw++) {
    if (inTransaction) await db.exec("SAVEPOINT fresh_reference");
    try {
      const result = await write();
      if (inTransaction) await db.exec("RELEASE SAVEPOINT fresh_reference");
      return result;
    } catch (error) {
      if (inTransaction) await db.exec("ROLLBACK TO SAVEPOINT fresh_reference");
      if (draw >= DRAWS || !isDrawnValueTaken(error)) throw error;
    }
  }
}
