import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "./cn";

/**
 * An accordion on the platform's disclosure element. Items that share a
 * `name` form one group: the browser closes the open item when another opens,
 * and a click on the open item closes it. No script is involved, so it works
 * before the page hydrates and costs no JavaScript (docs/decisions/0005).
 */
export function AccordionItem({ className, ...props }: React.ComponentProps<"details"> & { name: string }) {
  return (
    <details
      data-slot="accordion-item"
      className={cn("group border-b border-border last:border-b-0", className)}
      {...props}
    />
  );
}

/** The item's always-visible line; `headingLevel` keeps the document outline right where the accordion sits. */
export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: React.ComponentProps<"summary"> & { headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as "h3";
  return (
    <summary
      data-slot="accordion-trigger"
      className={cn(
        "flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left transition-colors hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden",
        className,
      )}
      {...props}
    >
      <Heading className="text-base font-semibold">{children}</Heading>
      <ChevronDownIcon
        className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
        aria-hidden="true"
      />
    </summary>
  );
}

export function AccordionContent({ className, children, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="accordion-content" className="text-sm group-open:animate-fade-in" {...props}>
      <div className={cn("pb-5 leading-relaxed text-muted-foreground", className)}>{children}</div>
    </div>
  );
}
