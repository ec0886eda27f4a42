import { Slot } from "radix-ui";
import {
  Suspense,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
  type RefObject,
} from "react";

/** What a deferred dialog's body receives: controlled open state and where focus goes back. */
export interface DeferredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger; the dialog returns focus to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * A dialog whose code loads when the visitor reaches for it (pointer over or
 * focus on the trigger) rather than with the page. The trigger is the page's
 * own element, so it renders and works in the prerendered HTML.
 */
export function DeferredDialog({
  trigger,
  dialog: Dialog,
  preload,
}: {
  /** One element (a Button, say); it receives the click and the ARIA state. */
  trigger: ReactNode;
  dialog: LazyExoticComponent<ComponentType<DeferredDialogProps>>;
  /** Starts loading the dialog's module (the same import the lazy component uses). */
  preload: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  return (
    <>
      <Slot.Root
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {trigger}
      </Slot.Root>
      {requested ? (
        <Suspense fallback={null}>
          <Dialog open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
