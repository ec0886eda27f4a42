import type { FormEvent, ReactNode } from "react";
import { Button } from "#ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#ui/dialog";

/**
 * A dialog that asks before an action: its trigger, title and description,
 * then Cancel and the action's button ("Working…" while it runs). With
 * `onSubmit` the body is a form (its fields are the children) that the
 * action's button submits; else the button runs `onConfirm`.
 */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  destructive,
  pending,
  onConfirm,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm?: () => void;
  onSubmit?: (event: FormEvent) => void;
  children?: ReactNode;
}) {
  const buttons = (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
        Cancel
      </Button>
      <Button
        type={onSubmit ? "submit" : "button"}
        variant={destructive ? "destructive" : "default"}
        disabled={pending}
        onClick={onSubmit ? undefined : onConfirm}
      >
        {pending ? "Working…" : confirmLabel}
      </Button>
    </div>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {onSubmit ? (
          <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
            {children}
            {buttons}
          </form>
        ) : (
          buttons
        )}
      </DialogContent>
    </Dialog>
  );
}
