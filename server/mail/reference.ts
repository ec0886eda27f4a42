/**
 * The reference number on an applicant's receipt: "HL-" and 8 characters of
 * Crockford base32 (no I, L, O or U, so it reads aloud without confusion).
 * It is made from a database sequence through a fixed permutation of the
 * 40-bit space: unique by construction (no collision to handle) without
 * showing how many applications came before.
 */
import type { Queryable } from "../store/store";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const HALF_BITS = 20;
const HALF = 2 ** HALF_BITS;
const MASK = HALF - 1;
/** Round keys of the permutation: fixed forever, or old numbers would change meaning. */
const ROUND_KEYS = [0x5bd1e, 0x1b873, 0xcc9e2, 0x7a3f1];

export const REFERENCE_PREFIX = "HL-";
export const REFERENCE_PATTERN = /^HL-[0-9A-HJKMNP-TV-Z]{8}$/;

function mix(value: number, key: number): number {
  let x = Math.imul(value ^ key, 0x9e3779b1);
  x ^= x >>> 15;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  return x & MASK;
}

/** A bijection on [0, 2^40): a four-round Feistel network over two 20-bit halves. */
export function permute(n: number): number {
  let left = Math.floor(n / HALF);
  let right = n % HALF;
  for (const key of ROUND_KEYS) [left, right] = [right, left ^ mix(right, key)];
  return left * HALF + right;
}

/** The reference for the n-th application (n from the sequence, 1 … 2^40 - 1). */
export function referenceFor(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= HALF * HALF) throw new RangeError(`No reference for ${n}`);
  let value = permute(n);
  let digits = "";
  for (let i = 0; i < 8; i++) {
    digits = CROCKFORD[value % 32] + digits;
    value = Math.floor(value / 32);
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

/** Takes the next number from the store's sequence (never rolled back: a gap is harmless). */
export async function nextReference(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ n: string }>(
    "SELECT nextval('application_reference_seq')::text AS n",
    [],
    // Every application takes one: parsed and planned once on the embedded store.
    { prepare: true },
  );
  return referenceFor(Number(rows[0].n));
}
