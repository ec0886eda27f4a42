/**
 * The wizard's chrome (step counter, progress, step list, heading) and field
 * layout, shared by the live wizard and the static placeholder the home page
 * renders before the wizard's code loads, so the swap moves nothing.
 * Keep this module light: no form, schema or Radix code.
 */
import { CheckIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "#ui/cn";
import { wizardCopy } from "#domain/application/copy";
import { applicationSteps, TOTAL_STEPS } from "#domain/application/steps";

/** Which fields span both columns on wider screens. */
export const wideFields: ReadonlySet<string> = new Set(["businessDescription"]);

export const fieldGridClass = "grid gap-x-5 gap-y-3 sm:grid-cols-2";

export function stepProgressValue(step: number): number {
  return (step / TOTAL_STEPS) * 100;
}

export function stepCounterText(step: number): string {
  return `Step ${step} of ${TOTAL_STEPS}`;
}

export function WizardHeader({
  step,
  progress,
  counterId,
  headingId,
  headingRef,
}: {
  step: number;
  /** The progress bar: Radix in the wizard, a static bar in the placeholder. */
  progress: React.ReactNode;
  counterId?: string;
  headingId?: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const current = applicationSteps[step - 1];
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2.5">
        <div className="flex items-center justify-between gap-4 text-sm">
          <p id={counterId} className="font-semibold text-primary">
            {stepCounterText(step)}
          </p>
          <p className="text-muted-foreground" aria-hidden="true">
            {Math.round(stepProgressValue(step))}% complete
          </p>
        </div>
        {progress}
      </div>
      <ol aria-label={wizardCopy.stepsLabel} className="hidden grid-cols-4 gap-3 md:grid">
        {applicationSteps.map((item, index) => {
          const number = index + 1;
          const done = number < step;
          const active = number === step;
          return (
            <li
              key={item.title}
              aria-current={active ? "step" : undefined}
              className={cn(
                "flex items-center gap-2 text-xs font-medium",
                active ? "text-foreground" : "text-muted-foreground",
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-6 shrink-0 items-center justify-center rounded-full border text-[0.7rem] font-semibold",
                  done && "border-primary bg-primary text-primary-foreground",
                  active && "border-primary bg-accent text-accent-foreground",
                  !done && !active && "border-border bg-card",
                )}
              >
                {done ? <CheckIcon className="size-3.5" strokeWidth={3} /> : number}
              </span>
              <span className="truncate">
                {item.title}
                {done && <span className="sr-only"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col gap-1 border-t border-border pt-5">
        <h3
          ref={headingRef}
          id={headingId}
          tabIndex={headingRef ? -1 : undefined}
          className="text-xl font-semibold tracking-tight outline-none sm:text-2xl"
        >
          {current.title}
        </h3>
        <p className="text-sm text-muted-foreground">{current.description}</p>
      </div>
    </div>
  );
}
