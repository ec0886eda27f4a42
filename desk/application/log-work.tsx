import { MailIcon, NotebookPenIcon, PhoneIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { cn } from "#ui/cn";
import { Field, FieldError, FieldLabel } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import { Textarea } from "#ui/textarea";
import type { ApplicationDetail } from "#domain/desk/contract";
import {
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  type ContactChannel,
  type ContactOutcome,
} from "#domain/desk/work";
import { ErrorAlert } from "../common/components/messages";
import { useAction } from "../common/lib/use-action";
import { addNote, logContact } from "./api";
import type { OnWorked } from "./work-panel";

/** The longest note the server takes (characters). */
const NOTE_MAX = 5000;

type Kind = "note" | ContactChannel;

const KINDS: { kind: Kind; label: string; icon: typeof PhoneIcon }[] = [
  { kind: "note", label: "Note", icon: NotebookPenIcon },
  { kind: "call", label: "Call", icon: PhoneIcon },
  { kind: "email", label: "E-mail", icon: MailIcon },
];

const SUBMIT: Record<Kind, string> = { note: "Add note", call: "Log call", email: "Log e-mail" };

/**
 * What a rep writes down while working it: a note, or a call or e-mail with
 * its outcome (and a note if they like). Each lands on the timeline at once;
 * the first of them stops the review clock.
 */
export function LogWork({ detail, onWorked }: { detail: ApplicationDetail; onWorked: OnWorked }) {
  const id = useId();
  const action = useAction();
  const [kind, setKind] = useState<Kind>("note");
  const [outcome, setOutcome] = useState<ContactOutcome | "">("");
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState<"body" | "outcome" | null>(null);

  function choose(next: Kind) {
    setKind(next);
    setOutcome("");
    setMissing(null);
    action.setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = note.trim();
    if (kind === "note" ? !text : !outcome) {
      setMissing(kind === "note" ? "body" : "outcome");
      return;
    }
    const next = await action.run(() =>
      kind === "note"
        ? addNote(detail.id, { body: text })
        : logContact(detail.id, {
            channel: kind,
            outcome: outcome as ContactOutcome,
            ...(text ? { note: text } : {}),
          }),
    );
    if (!next) return;
    setNote("");
    setOutcome("");
    onWorked(next, kind === "note" ? "Note added." : kind === "call" ? "Call logged." : "E-mail logged.");
  }

  const errors = action.error?.fieldErrors ?? {};
  const outcomeError = missing === "outcome" ? "Choose how it went" : errors.outcome;
  const noteError = missing === "body" ? "Write the note first" : (errors.body ?? errors.note);
  const otherError =
    action.error && !errors.outcome && !errors.body && !errors.note ? action.error.message : null;
  const disabled = detail.state !== "received";

  return (
    <form onSubmit={submit} noValidate aria-label="Log work" className="flex flex-col gap-3">
      <div role="group" aria-label="What to log" className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
        {KINDS.map(({ kind: value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={kind === value}
            onClick={() => choose(value)}
            className={cn(
              "flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
              kind === value
                ? "bg-card text-foreground shadow-sm ring-1 ring-border"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {label}
          </button>
        ))}
      </div>
      {kind !== "note" && (
        <Field invalid={Boolean(outcomeError)}>
          <FieldLabel htmlFor={`${id}-outcome`}>Outcome</FieldLabel>
          <select
            id={`${id}-outcome`}
            value={outcome}
            onChange={(event) => {
              setOutcome(event.target.value as ContactOutcome);
              setMissing(null);
            }}
            aria-invalid={Boolean(outcomeError) || undefined}
            aria-describedby={`${id}-outcome-error`}
            className={cn(fieldControlClasses, "h-11 cursor-pointer pr-8")}
          >
            <option value="">
              {kind === "call" ? "How did the call go?" : "What happened to the e-mail?"}
            </option>
            {CONTACT_OUTCOMES[kind].map((value) => (
              <option key={value} value={value}>
                {CONTACT_OUTCOME_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-outcome-error`}>{outcomeError}</FieldError>
        </Field>
      )}
      <Field invalid={Boolean(noteError)}>
        <FieldLabel htmlFor={`${id}-note`}>{kind === "note" ? "Note" : "Note (optional)"}</FieldLabel>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={NOTE_MAX}
          onChange={(event) => {
            setNote(event.target.value);
            setMissing(null);
          }}
          aria-invalid={Boolean(noteError) || undefined}
          aria-describedby={`${id}-note-error`}
          placeholder={kind === "note" ? "Only staff see notes" : undefined}
          className="min-h-24"
        />
        <FieldError id={`${id}-note-error`}>{noteError}</FieldError>
      </Field>
      <ErrorAlert>{otherError}</ErrorAlert>
      <Button type="submit" className="self-start" disabled={action.pending || disabled}>
        {action.pending ? "Saving…" : SUBMIT[kind]}
      </Button>
    </form>
  );
}
