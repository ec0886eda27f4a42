// The public configuration the browser build may contain. Secrets
// (DATABASE_URL, LEAD_WEBHOOK_URL) must never be added here.
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function publicBuildEnv(env) {
  const port = env.PORT || "3000";
  const siteUrl = (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  const bookingUrl = env.BOOKING_URL || "";
  return { siteUrl, bookingUrl, ...claimsBuildEnv(env) };
}

/**
 * Claims (docs/claims.md): CLAIMS_STRICT=1 prints a lapsed or unsupported
 * claim's fallback instead of its wording; CLAIMS_TODAY (YYYY-MM-DD, for tests
 * and rehearsals) is the day their status is taken on, today by default.
 */
export function claimsBuildEnv(env) {
  const strict = env.CLAIMS_STRICT || "";
  if (!["", "0", "1"].includes(strict))
    throw new Error(`CLAIMS_STRICT must be 1 or 0 (or unset), not "${strict}"`);
  const today = env.CLAIMS_TODAY || new Date().toISOString().slice(0, 10);
  if (!ISO_DAY.test(today) || Number.isNaN(Date.parse(today))) {
    throw new Error(`CLAIMS_TODAY must be a day written YYYY-MM-DD, not "${today}"`);
  }
  return { claimsStrict: strict === "1", claimsToday: today };
}
