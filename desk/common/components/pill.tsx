import type { ReactNode } from "react";
import { cn } from "#ui/cn";

/** The colours a state's pill comes in; the pill always says the state in words too. */
export const TONES = {
  quiet: "bg-muted text-muted-foreground ring-1 ring-border",
  busy: "bg-accent text-accent-foreground",
  good: "bg-success/10 text-success ring-1 ring-success/30",
  bad: "bg-destructive/10 text-destructive ring-1 ring-destructive/30",
  held: "bg-held/10 text-held ring-1 ring-held/30",
  plain: "bg-card text-foreground ring-1 ring-border",
} as const;

export type Tone = keyof typeof TONES;

/** The rounded shape of a state's pill. */
export const PILL = "rounded-full px-2.5 py-0.5";

/** A state in words on a pill of its tone (never colour alone). */
export function Pill({
  tone,
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center text-xs font-semibold whitespace-nowrap",
        PILL,
        tone && TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
