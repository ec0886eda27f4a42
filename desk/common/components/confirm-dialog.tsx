import { useState, type ReactNode } from "react";
import { Button } from "#ui/button";
import { ActionDialog } from "./action-dialog";

/** A button that asks "are you sure?" before an action that is hard to undo. */
export function ConfirmDialog({
  triggerLabel,
  triggerAriaLabel,
  triggerIcon,
  triggerVariant = "outline",
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  onConfirm,
}: {
  triggerLabel: string;
  /** The trigger's accessible name when its label needs more (which row's Release). */
  triggerAriaLabel?: string;
  triggerIcon?: ReactNode;
  triggerVariant?: "outline" | "default";
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** Resolves true when it worked; the dialog then closes (it closes on failure too, the page shows why). */
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant={triggerVariant} size="sm" aria-label={triggerAriaLabel}>
          {triggerIcon}
          {triggerLabel}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={pending}
      onConfirm={async () => {
        await onConfirm();
        setOpen(false);
      }}
    />
  );
}
