import type { ReactNode } from "react";
import { cn } from "#ui/cn";

/**
 * A wide table's frame: it scrolls sideways when the screen is too narrow
 * instead of widening the page, and it contains the table's visually hidden
 * parts. A table with links in its rows scrolls as a keyboard user tabs
 * through them; one without (`focusable`) is itself a tab stop, so the
 * keyboard can scroll it too.
 */
export function TableScroll({
  label,
  className,
  focusable = false,
  children,
}: {
  label: string;
  className?: string;
  focusable?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrolling region the keyboard must reach (WCAG 2.1.1; axe's scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={focusable ? 0 : undefined}
      className={cn(
        "relative overflow-x-auto",
        focusable && "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </div>
  );
}
