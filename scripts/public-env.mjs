// The public configuration the browser build may contain. Secrets
// (DATABASE_URL, LEAD_WEBHOOK_URL) must never be added here.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function publicBuildEnv(env) {
  const port = env.PORT || "3000";
  const siteUrl = (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  const bookingUrl = env.BOOKING_URL || "";
  return { siteUrl, bookingUrl, ...claimsBuildEnv(env), claimsComputed: computedClaimsEnv(env) };
}

/**
 * Claims (docs/claims.md): CLAIMS_STRICT=1 prints a lapsed or unsupported
 * claim's fallback instead of its wording; CLAIMS_TODAY (YYYY-MM-DD, for tests
 * and rehearsals) is the day their status is taken on, today by default; the
 * claims' stored state (evidence filed, reviews recorded) is read from the
 * file the server writes, CLAIMS_STATE_FILE (default <DATA_DIR>/claims-state.json):
 * none yet is nothing stored.
 */
export function claimsBuildEnv(env) {
  const strict = env.CLAIMS_STRICT || "";
  if (!["", "0", "1"].includes(strict))
    throw new Error(`CLAIMS_STRICT must be 1 or 0 (or unset), not "${strict}"`);
  const today = env.CLAIMS_TODAY || new Date().toISOString().slice(0, 10);
  if (!ISO_DAY.test(today) || Number.isNaN(Date.parse(today))) {
    throw new Error(`CLAIMS_TODAY must be a day written YYYY-MM-DD, not "${today}"`);
  }
  const stateFile = claimsStateFile(env);
  return {
    claimsStrict: strict === "1",
    claimsToday: today,
    claimsState: readClaimsState(stateFile),
    claimsStateFile: stateFile,
  };
}

/** The state file's claims ({ id: { reviewBy?, evidenceFiles } }); {} without the file or the key; a bad one stops the build. */
export function readClaimsState(file) {
  if (!existsSync(file)) return {};
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`The claims' state file ${file} is not JSON: ${error.message}`);
  }
  // Each writer owns a top-level key (server/claims/state-file.ts): "claims" is the owners' side's.
  const claims = parsed?.claims ?? {};
  if (typeof claims !== "object" || claims === null || Array.isArray(claims))
    throw new Error(`The claims' state file ${file}: "claims" is not an object`);
  const state = {};
  for (const [id, entry] of Object.entries(claims)) {
    const files = entry?.evidenceFiles;
    const reviewBy = entry?.reviewBy;
    if (!Number.isInteger(files) || files < 0 || (reviewBy !== undefined && !ISO_DAY.test(reviewBy)))
      throw new Error(
        `The claims' state file ${file}: "${id}" is not { reviewBy?: YYYY-MM-DD, evidenceFiles }`,
      );
    state[id] = reviewBy === undefined ? { evidenceFiles: files } : { reviewBy, evidenceFiles: files };
  }
  return state;
}

/**
 * Each computed figure and the claim it backs: the same pairs as
 * domain/claims/computed.ts's COMPUTED_DEFINITIONS (a test holds them together;
 * this file runs under plain Node, which cannot load the TypeScript).
 */
export const COMPUTED_FIGURE_CLAIMS = {
  "review-within-window": "review-time",
  "decision-within-window": "decision-time",
  "application-to-funded": "average-funding-time",
  "businesses-funded": "businesses-funded",
  "amount-funded": "capital-deployed",
  "average-rating": "average-rating",
};

/** The server's claims state file (server/claims/state-file.ts): CLAIMS_STATE_FILE, else DATA_DIR/claims-state.json. */
export const claimsStateFile = (env) =>
  env.CLAIMS_STATE_FILE || join(env.DATA_DIR || "./data", "claims-state.json");

/**
 * Computed claims on the site (docs/claims.md, "Computed claims"), off unless
 * the provider opts in: CLAIMS_COMPUTED=1 for every computed claim, or a
 * comma-separated list of the claim ids (`decision-time,review-time`). Each
 * opted-in claim whose latest snapshot in the server's state file has enough
 * data is stated as computed, with its "as of" day; the others keep their
 * wording. CLAIMS_COMPUTED_SNAPSHOTS (set by scripts/build.mjs for its steps)
 * holds what the build read first, so every step states the same figures.
 * Answers the snapshots by claim id ({} when off).
 */
export function computedClaimsEnv(env) {
  const wanted = (env.CLAIMS_COMPUTED || "").trim();
  if (wanted === "" || wanted === "0") return {};
  const claims = Object.values(COMPUTED_FIGURE_CLAIMS);
  const ids =
    wanted === "1"
      ? claims
      : wanted
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean);
  const unknown = ids.find((id) => !claims.includes(id));
  if (unknown !== undefined) {
    throw new Error(
      `CLAIMS_COMPUTED must be 1 or computed claims' ids (${claims.join(", ")}), not "${unknown}"`,
    );
  }
  if (env.CLAIMS_COMPUTED_SNAPSHOTS) return JSON.parse(env.CLAIMS_COMPUTED_SNAPSHOTS);
  let state;
  try {
    state = JSON.parse(readFileSync(claimsStateFile(env), "utf8"));
  } catch {
    return {};
  }
  const shown = {};
  for (const [figure, claim] of Object.entries(COMPUTED_FIGURE_CLAIMS)) {
    const snapshot = state?.computed?.[figure];
    if (!ids.includes(claim) || !snapshot || snapshot.verdict === "too-little-data") continue;
    if (typeof snapshot.value !== "number" || typeof snapshot.computedAt !== "string") continue;
    const { value, n, median, computedAt } = snapshot;
    shown[claim] = { figure, value, n, median, computedAt };
  }
  return shown;
}
