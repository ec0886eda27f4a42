/**
 * The claim settings the site was built with (CLAIMS_STRICT, CLAIMS_TODAY:
 * scripts/public-env.mjs reads them, vite.config.ts bakes them in as
 * VITE_CLAIMS_*). Read on each call, so tests can stub them. Outside a Vite
 * build (the build's scripts run with tsx) there is no import.meta.env: not
 * strict, and today's date.
 */
import type { ClaimSettings } from "./status";

export function builtClaimSettings(): ClaimSettings {
  const env = import.meta.env as ImportMetaEnv | undefined;
  return {
    strict: env?.VITE_CLAIMS_STRICT === "1",
    today: env?.VITE_CLAIMS_TODAY || new Date().toISOString().slice(0, 10),
  };
}
