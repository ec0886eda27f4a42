/**
 * The claim settings the site was built with (CLAIMS_STRICT, CLAIMS_TODAY and,
 * in strict mode, the claims' stored state from CLAIMS_STATE_FILE:
 * scripts/public-env.mjs reads them, vite.config.ts bakes them in as
 * VITE_CLAIMS_*). Read on each call, so tests can stub them. Outside a Vite
 * build (the build's scripts run with tsx) there is no import.meta.env: not
 * strict, today's date and nothing stored.
 */
import type { BuiltComputedClaim } from "./computed";
import type { ClaimSettings, StoredClaimStates } from "./status";

let parsed: { text: string; state: StoredClaimStates } = { text: "", state: {} };

/** The baked-in state, parsed once per text. */
function stateOf(text: string | undefined): StoredClaimStates {
  if (!text) return {};
  if (parsed.text !== text) parsed = { text, state: JSON.parse(text) as StoredClaimStates };
  return parsed.state;
}

export function builtClaimSettings(): ClaimSettings {
  const env = import.meta.env as ImportMetaEnv | undefined;
  return {
    strict: env?.VITE_CLAIMS_STRICT === "1",
    today: env?.VITE_CLAIMS_TODAY || new Date().toISOString().slice(0, 10),
    state: stateOf(env?.VITE_CLAIMS_STATE),
  };
}

/**
 * The claims this build states as computed from our records, by claim id: none
 * unless the provider opted in (CLAIMS_COMPUTED, read with the server's claims
 * state file by scripts/public-env.mjs and baked in as VITE_CLAIMS_COMPUTED).
 */
export function builtComputedClaims(): Partial<Record<string, BuiltComputedClaim>> {
  const env = import.meta.env as ImportMetaEnv | undefined;
  const text = env?.VITE_CLAIMS_COMPUTED;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<Record<string, BuiltComputedClaim>>;
  } catch {
    return {};
  }
}
