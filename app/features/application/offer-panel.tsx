import type { LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * The panel the wizard shows above itself once an application is in (the
 * booking offer, the document room's offer): an icon, a heading that takes
 * focus when `focus`, what it offers, and its actions beside it on a wide
 * screen and below it on a phone.
 */
export function OfferPanel({
  icon: Icon,
  title,
  focus,
  tone,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  focus: boolean;
  /** "accent" for the panel that comes first, "card" for one beside it. */
  tone: "accent" | "card";
  children: ReactNode;
  actions: ReactNode;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);
  return (
    <section
      aria-labelledby={headingId}
      className={`mb-6 flex flex-col gap-4 rounded-xl border border-primary/25 p-4 sm:p-5 lg:flex-row lg:items-center lg:justify-between ${tone === "accent" ? "bg-accent/60" : "bg-card"}`}
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {title}
          </h3>
          {children}
        </div>
      </div>
      {actions}
    </section>
  );
}
