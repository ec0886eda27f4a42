import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { ZodType } from "zod";
import { Field, FieldError, FieldLabel } from "#ui/field";
import { Textarea } from "#ui/textarea";
import { actionReason, problemWith, REASON_MAX } from "#domain/desk/inputs";
import type { ApiError } from "../api/client";
import { ActionDialog } from "./action-dialog";
import { ErrorAlert } from "./messages";

/**
 * A button that opens a dialog asking why (the reason goes to the audit log),
 * then runs the action. The dialog stays open with the server's message when
 * the action fails, and closes when it succeeds.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  confirmLabel,
  destructive,
  onConfirm,
  error,
  pending,
  rule = actionReason,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Resolves true when the action succeeded. */
  onConfirm: (reason: string) => Promise<boolean>;
  error: ApiError | null;
  pending: boolean;
  /** The server's rule for this reason (#domain/desk/inputs): the application's actions', or a legal hold's. */
  rule?: ZodType;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  // What the server's rule for a reason (#domain/desk/inputs) says of it, before it is sent.
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const id = useId();
  const fieldError = problem ?? error?.fieldErrors.reason;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemWith(rule, reason);
    setProblem(found);
    if (found) return;
    if (await onConfirm(reason.trim())) {
      setOpen(false);
      setReason("");
    }
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(undefined);
      }}
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive={destructive}
      pending={pending}
      onSubmit={submit}
    >
      <Field invalid={Boolean(fieldError)}>
        <FieldLabel htmlFor={`${id}-reason`}>Reason</FieldLabel>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={REASON_MAX}
          aria-invalid={Boolean(fieldError) || undefined}
          aria-describedby={`${id}-reason-error`}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(undefined);
          }}
          className="min-h-24"
        />
        <FieldError id={`${id}-reason-error`}>{fieldError}</FieldError>
      </Field>
      {error && !error.fieldErrors.reason && <ErrorAlert>{error.message}</ErrorAlert>}
    </ActionDialog>
  );
}
