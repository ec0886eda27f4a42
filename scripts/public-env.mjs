// The public configuration the browser build may contain. Secrets
// (DATABASE_URL, LEAD_WEBHOOK_URL) must never be added here.
export function publicBuildEnv(env) {
  const port = env.PORT || "3000";
  const siteUrl = (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  const bookingUrl = env.BOOKING_URL || "";
  return { siteUrl, bookingUrl };
}
