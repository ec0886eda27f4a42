/**
 * Asks one application for a document beyond its checklist: its name (what
 * the applicant reads in the room) and, if need be, what to send. Checked
 * with the server's own rules (#domain/desk/inputs) before it is sent.
 */
import { FilePlusIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { Field, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { Textarea } from "#ui/textarea";
import type { DocumentsChange } from "#domain/desk/contract";
import {
  DOCUMENT_REQUEST_DETAIL_MAX,
  DOCUMENT_REQUEST_LABEL_MAX,
  documentRequestInput,
  problemWith,
} from "#domain/desk/inputs";
import { requestDocument } from "./api";
import { ErrorAlert } from "../common/components/messages";
import { useAction } from "../common/lib/use-action";

export function DocumentRequestForm({
  applicationId,
  onRequested,
}: {
  applicationId: string;
  onRequested: (change: DocumentsChange, message: string) => void;
}) {
  const id = useId();
  const [label, setLabel] = useState("");
  const [detail, setDetail] = useState("");
  const [problems, setProblems] = useState<{ label?: string; detail?: string }>({});
  const action = useAction();
  const labelError = problems.label ?? action.error?.fieldErrors.label;
  const detailError = problems.detail ?? action.error?.fieldErrors.detail;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      label: problemWith(documentRequestInput.shape.label, label),
      detail: problemWith(documentRequestInput.shape.detail, detail),
    };
    setProblems(found);
    if (found.label || found.detail) return;
    const asked = label.trim();
    const next = await action.run(() =>
      requestDocument(applicationId, { label: asked, detail: detail.trim() || null }),
    );
    if (!next) return;
    setLabel("");
    setDetail("");
    onRequested(next, `Asked for: ${asked}. The applicant sees it in their document room.`);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 border-t border-border pt-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Ask for another document
      </h3>
      <Field invalid={Boolean(labelError)}>
        <FieldLabel htmlFor={`${id}-label`}>Document</FieldLabel>
        <Input
          id={`${id}-label`}
          value={label}
          maxLength={DOCUMENT_REQUEST_LABEL_MAX}
          placeholder="Lease for your main location"
          aria-invalid={Boolean(labelError) || undefined}
          aria-describedby={`${id}-label-error`}
          onChange={(event) => {
            setLabel(event.target.value);
            setProblems((current) => ({ ...current, label: undefined }));
          }}
        />
        <FieldError id={`${id}-label-error`}>{labelError}</FieldError>
      </Field>
      <Field invalid={Boolean(detailError)}>
        <FieldLabel htmlFor={`${id}-detail`}>What to send (optional)</FieldLabel>
        <Textarea
          id={`${id}-detail`}
          value={detail}
          maxLength={DOCUMENT_REQUEST_DETAIL_MAX}
          aria-invalid={Boolean(detailError) || undefined}
          aria-describedby={`${id}-detail-error`}
          onChange={(event) => {
            setDetail(event.target.value);
            setProblems((current) => ({ ...current, detail: undefined }));
          }}
          className="min-h-20"
        />
        <FieldError id={`${id}-detail-error`}>{detailError}</FieldError>
      </Field>
      {action.error && !labelError && !detailError && <ErrorAlert>{action.error.message}</ErrorAlert>}
      <Button type="submit" variant="outline" size="sm" className="self-start" disabled={action.pending}>
        <FilePlusIcon aria-hidden="true" />
        Ask for it
      </Button>
    </form>
  );
}
