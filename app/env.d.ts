interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string;
  readonly VITE_BOOKING_URL?: string;
  /** "1": strict claims (scripts/public-env.mjs). */
  readonly VITE_CLAIMS_STRICT?: string;
  /** YYYY-MM-DD: the day claims' status is taken on. */
  readonly VITE_CLAIMS_TODAY?: string;
  /** JSON: the claims stated as computed from our records, by claim id (CLAIMS_COMPUTED, scripts/public-env.mjs). */
  readonly VITE_CLAIMS_COMPUTED?: string;
  /** JSON: each claim's stored state, read from the server's state file (strict builds only). */
  readonly VITE_CLAIMS_STATE?: string;
}

/** Speculation Rules prerendering (Chromium): true while the page renders hidden, ahead of a click. */
interface Document {
  readonly prerendering?: boolean;
}
