interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string;
  readonly VITE_BOOKING_URL?: string;
}

/** Speculation Rules prerendering (Chromium): true while the page renders hidden, ahead of a click. */
interface Document {
  readonly prerendering?: boolean;
}
