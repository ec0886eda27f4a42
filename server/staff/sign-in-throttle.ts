/**
 * Slows password and code guessing, per account and per client address, with
 * counts every instance shares (table `desk_sign_in_attempts`, whose SQL is
 * sign-in-attempts-repository.ts).
 *
 * Every attempt is counted before it is verified, in one atomic upsert per
 * key that also refuses it while the key is blocked: guesses sent together,
 * to any number of instances, each take their own place in the count, and
 * only those the limits allow reach the password or code check. A refused
 * attempt is not counted (the lock stays bounded however hard it is pushed).
 *
 * The n-th attempt in the window blocks the key for `blockAfter(n)` from the
 * moment it is counted, and again from when its check failed: nothing below
 * `slowAfter`, then 1 s, 2 s, 4 s ... up to a minute, and at `lockAt` 15 minutes. The window is 15 minutes from the
 * first attempt. A full sign-in clears the account's count; an attempt whose
 * password or code was right gives its unit back to the address, so an office
 * of colleagues signing in from one address is never slowed.
 */
export interface ThrottleRule {
  /** Attempts after which each new one blocks for a growing delay. */
  slowAfter: number;
  /** Attempts at which the key is locked for `LOCK_MS`. */
  lockAt: number;
}

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const MAX_DELAY_MS = 60_000;

export const ACCOUNT_RULE: ThrottleRule = { slowAfter: 5, lockAt: 10 };
export const ADDRESS_RULE: ThrottleRule = { slowAfter: 10, lockAt: 30 };

/** How long the key is blocked after its `attempts`-th attempt in the window. */
export function blockAfter(attempts: number, rule: ThrottleRule): number {
  if (attempts >= rule.lockAt) return LOCK_MS;
  if (attempts < rule.slowAfter) return 0;
  return Math.min(1000 * 2 ** (attempts - rule.slowAfter), MAX_DELAY_MS);
}

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export const accountKey = (email: string): ThrottleKey => ({
  key: `desk:sign-in:account:${email.trim().toLowerCase()}`,
  rule: ACCOUNT_RULE,
});
export const addressKey = (ip: string): ThrottleKey => ({
  key: `desk:sign-in:address:${ip}`,
  rule: ADDRESS_RULE,
});
