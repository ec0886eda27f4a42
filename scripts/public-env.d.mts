export interface ClaimsBuildEnv {
  claimsStrict: boolean;
  /** YYYY-MM-DD. */
  claimsToday: string;
}

export function publicBuildEnv(env: Record<string, string | undefined>): {
  siteUrl: string;
  bookingUrl: string;
} & ClaimsBuildEnv;

export function claimsBuildEnv(env: Record<string, string | undefined>): ClaimsBuildEnv;
