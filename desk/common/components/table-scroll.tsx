import type { ReactNode } from "react";
import { cn } from "#ui/cn";

/**
 * A wide table's frame: it scrolls sideways when the screen is too narrow
 * instead of widening the page, and it contains the table's visually hidden
 * parts. Every table in one has links in its rows, so a keyboard user who
 * tabs through them scrolls it too; phones get lists instead.
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} className={cn("relative overflow-x-auto", className)}>
      {children}
    </div>
  );
}
