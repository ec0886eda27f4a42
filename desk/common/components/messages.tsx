import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#ui/cn";

/** An error the user must read: announced at once (role="alert"). */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive",
        className,
      )}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/**
 * The result of an action, shown and announced politely. Always rendered
 * (empty until there is news) so screen readers already watch the region
 * when the message arrives.
 */
export function StatusMessage({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn(!children && "sr-only", className)}>
      {children && (
        <p className="flex items-start gap-2.5 rounded-lg border border-success/30 bg-success/5 px-4 py-3 text-sm font-medium text-success">
          <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{children}</span>
        </p>
      )}
    </div>
  );
}

/** A quiet line for an empty table or list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * Something about the setup that explains what the page shows (no mail
 * server, so e-mails wait): part of the page, not an error to announce.
 */
export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="border-held/30 bg-held/5 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm">
      <InfoIcon className="text-held mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="text-held font-semibold">{title}</p>
        {children && <div className="text-foreground">{children}</div>}
      </div>
    </div>
  );
}
