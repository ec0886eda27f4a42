import type { ReactNode } from "react";
import { cn } from "#ui/cn";

/** A hero's heading: the page's one h1, its `id` named by the section's aria-labelledby. */
export function HeroTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
      {children}
    </h1>
  );
}

/** The lead paragraph under a hero's heading; `className` sets its width. */
export function HeroLead({ className, children }: { className: string; children: ReactNode }) {
  return (
    <p className={cn(className, "text-lg leading-relaxed text-pretty text-muted-foreground sm:text-xl")}>
      {children}
    </p>
  );
}
