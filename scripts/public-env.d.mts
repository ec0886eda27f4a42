export interface ClaimsBuildEnv {
  claimsStrict: boolean;
  /** YYYY-MM-DD. */
  claimsToday: string;
  /** The server's stored state of each claim, as the state file holds it ({} without one). */
  claimsState: Record<string, { reviewBy?: string; evidenceFiles: number }>;
  claimsStateFile: string;
}

/** A computed claim's latest snapshot, as the build states it (domain/claims/computed.ts, BuiltComputedClaim). */
export interface BuiltComputedSnapshot {
  figure: string;
  value: number;
  n: number;
  median: number | null;
  computedAt: string;
}

export function publicBuildEnv(env: Record<string, string | undefined>): {
  siteUrl: string;
  bookingUrl: string;
  claimsComputed: Record<string, BuiltComputedSnapshot>;
} & ClaimsBuildEnv;

export const COMPUTED_FIGURE_CLAIMS: Record<string, string>;
export function claimsStateFile(env: Record<string, string | undefined>): string;
export function computedClaimsEnv(
  env: Record<string, string | undefined>,
): Record<string, BuiltComputedSnapshot>;

export function claimsBuildEnv(env: Record<string, string | undefined>): ClaimsBuildEnv;

export function claimsStateFile(env: Record<string, string | undefined>): string;
export function readClaimsState(file: string): ClaimsBuildEnv["claimsState"];
