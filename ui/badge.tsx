import type * as React from "react";
import { cn } from "./cn";

/** A small pill beside a heading: a step's duration, say. Callers may enlarge the text (and icon). */
export function Badge({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="badge"
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground [&_svg]:size-3.5",
        className,
      )}
      {...props}
    />
  );
}
