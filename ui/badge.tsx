import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { BADGE_TONES } from "./badge-tones";
import { cn } from "./cn";

export const badgeVariants = cva("inline-flex items-center", {
  variants: {
    variant: {
      /** The site's: a small pill beside a heading (a step's duration, say). Callers may enlarge the text (and icon). */
      default:
        "gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground [&_svg]:size-3.5",
      /** The desk's states: quiet, busy, good, bad, held, plain. */
      ...BADGE_TONES,
    },
  },
  defaultVariants: { variant: "default" },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

/** A short label on a pill: the site's beside a heading, or a state in the desk in its tone. */
export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
