/**
 * The desk's state tones for the shared badge (badge.tsx's variants quiet …
 * plain): a state's pill, always with the state in words too (never colour
 * alone). In a file of their own so the public site's stylesheet, which shows
 * none of them, leaves their classes out (app/app.css: `@source not`); the
 * desk's collects them with the rest of ui/.
 */
export const BADGE_TONES = {
  /** Waiting, nothing wrong. */
  quiet:
    "rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-muted-foreground ring-1 ring-border",
  /** Under way, or a role. */
  busy: "rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-accent-foreground",
  /** Done. */
  good: "rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-success ring-1 ring-success/30",
  /** Failed, refused, disabled. */
  bad: "rounded-full bg-destructive/10 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-destructive ring-1 ring-destructive/30",
  /** Held back: quarantined, cancelled, waiting for a person (the desk's own amber, --color-held). */
  held: "rounded-full bg-held/10 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-held ring-1 ring-held/30",
  /** Plainly received. */
  plain:
    "rounded-full bg-card px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-foreground ring-1 ring-border",
} as const;
