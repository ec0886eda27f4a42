import { XIcon } from "lucide-react";
import { cloneElement, useId, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * A modal dialog that is the browser's own `<dialog>`, rendered with the page
 * and shown as a popover (`popover="auto"`): its trigger and its close button
 * are popover invokers (`popovertarget`), so the browser opens it in the top
 * layer over a backdrop, moves focus in, closes it on Escape and on a click
 * outside, and gives focus back to the trigger, with no script. Not
 * `showModal()`: that makes the whole page inert in the very frame that must
 * answer the tap, a restyle of every element on screen, which on a slow phone
 * was most of the tap's time (docs/decisions/0015-dialogs-as-popovers.md).
 * `app/lib/native-controls.ts` makes the page behind it inert once the dialog
 * has painted, loads its deferred frames and reports the opening, and stands
 * in where a browser lacks popovers. While one is open the page does not
 * scroll (`theme.css`).
 */
export function NativeDialog({
  trigger,
  title,
  description,
  closeLabel = "Close",
  className,
  titleClassName,
  descriptionClassName,
  trackOpen,
  children,
}: {
  /** One button element without handlers of its own: it becomes the dialog's invoker. */
  trigger: ReactElement<ComponentProps<"button">>;
  title: ReactNode;
  description: ReactNode;
  closeLabel?: string;
  className?: string;
  titleClassName?: string;
  descriptionClassName?: string;
  /** An analytics event the page reports each time the dialog opens. */
  trackOpen?: string;
  children: ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <>
      {cloneElement(trigger, {
        type: "button",
        popoverTarget: id,
        popoverTargetAction: "show",
        "aria-haspopup": "dialog",
      })}
      <dialog
        id={id}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        popover="auto"
        aria-modal="true"
        data-track-open={trackOpen}
        data-slot="dialog-content"
        className={cn(
          "m-auto max-h-[90vh] w-[calc(100%-1.5rem)] max-w-lg flex-col gap-4 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-foreground shadow-lift backdrop:bg-ink/75 open:flex open:animate-fade-in",
          className,
        )}
      >
        {/* First in the dialog, so the browser focuses it on open (never a cross-origin frame, whose keys
            never reach the page: Escape would stop working); placed top right. */}
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          className="absolute top-3 right-3 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label={closeLabel}
        >
          <XIcon className="size-5" aria-hidden="true" />
        </button>
        <div data-slot="dialog-header" className="flex flex-col gap-1.5 pr-10">
          <h2 id={titleId} className={cn("text-xl font-semibold tracking-tight", titleClassName)}>
            {title}
          </h2>
          <p id={descriptionId} className={cn("text-sm text-muted-foreground", descriptionClassName)}>
            {description}
          </p>
        </div>
        {children}
        {/* Tab past the last control (out of a cross-origin frame, say) lands here and the page script
            sends focus back to the first: the dialog keeps focus while open. */}
        <span
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focus guard, never focused for long
          tabIndex={0}
          data-focus-wrap
          className="pointer-events-none fixed size-px opacity-0 outline-none"
        />
      </dialog>
    </>
  );
}
