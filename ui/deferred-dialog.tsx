import {
  cloneElement,
  Suspense,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ComponentProps,
  type ReactElement,
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
export function DeferredDialog<Extra extends object = object>({
  trigger,
  dialog: Dialog,
  preload,
  dialogProps,
}: {
  /**
   * One button element (a Button, say) without handlers of its own: it
   * receives the click, the preload and the ARIA state.
   */
  trigger: ReactElement<ComponentProps<"button">>;
  dialog: LazyExoticComponent<ComponentType<DeferredDialogProps & Extra>>;
  /** Starts loading the dialog's module (the same import the lazy component uses). */
  preload: () => unknown;
  /** Whatever else the dialog's body takes (the consultation's prefilled booking page, say). */
  dialogProps?: Extra;
}) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {cloneElement(trigger, {
        ref: triggerRef,
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        onPointerEnter: preload,
        onFocus: preload,
        onClick: () => {
          setRequested(true);
          setOpen(true);
        },
      })}
      {requested ? (
        <Suspense fallback={null}>
          <Dialog {...(dialogProps as Extra)} open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
