import type { ReactNode } from "react";
import { siteFacts } from "#domain/site-facts";
import { cn } from "#ui/cn";

/** The brand above "Lead desk", at the top of every desk page. */
export function DeskBrand({ className }: { className?: string }) {
  return (
    <div className={cn("flex min-w-0 flex-col", className)}>
      <span className="truncate text-sm font-semibold">{siteFacts.brand}</span>
      <span className="text-xs text-ink-muted">Lead desk</span>
    </div>
  );
}

/** The frame of the pages before sign-in: a narrow column with the brand above. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/60">
      <header className="bg-ink px-4 py-4 text-ink-foreground">
        <DeskBrand className="mx-auto max-w-md" />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 px-4 py-8 sm:py-12">
        <div className="flex flex-col gap-6 rounded-2xl border border-border bg-card p-5 shadow-card sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}
