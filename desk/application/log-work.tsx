import { ArrowLeftIcon, MailIcon, NotebookPenIcon, PhoneIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "#ui/button";
import { cn } from "#ui/cn";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { fieldControlClasses, Input } from "#ui/input";
import { Textarea } from "#ui/textarea";
import type { ApplicationDetail } from "#domain/desk/contract";
import { NOTE_MAX, noteText, problemWith } from "#domain/desk/inputs";
import {
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  FOLLOW_UP_OUTCOMES,
  statusAfterContact,
  WORK_STATUS_LABELS,
  type ContactChannel,
  type ContactOutcome,
} from "#domain/desk/work";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { formatDateTime, timeZoneLabel } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { addNote, logContact } from "./api";
import { followUpOptions, followUpValue, upcoming, type FollowUpChoice } from "./follow-up";
import type { OnWorked } from "./work-panel";

type Kind = ContactChannel | "note";

const KINDS: { kind: Kind; label: string; icon: typeof PhoneIcon }[] = [
  { kind: "call", label: "Call", icon: PhoneIcon },
  { kind: "email", label: "E-mail", icon: MailIcon },
  { kind: "note", label: "Note only", icon: NotebookPenIcon },
];

const SUBMIT: Record<Kind, string> = { call: "Log call", email: "Log e-mail", note: "Add note" };

/** A pill a radio button sits in: the pill shows it checked and focused. */
const pill =
  "flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring";

/** The next step a lead starts with: its own follow-up ahead, else none. */
const startChoice = (followUpAt: string | null): FollowUpChoice => (upcoming(followUpAt) ? "keep" : "none");

/** Back where the rep came from (the list they opened it from), or the inbox when they came from outside. */
function BackToList() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => (location.key === "default" ? navigate("/inbox") : navigate(-1))}
    >
      <ArrowLeftIcon aria-hidden="true" />
      Back to the list
    </Button>
  );
}

/** "Call logged: Reached. Now Contacted. Call back Dec 8, 10:00 AM EST." */
function loggedWords(
  kind: Kind,
  outcome: ContactOutcome,
  before: ApplicationDetail,
  next: ApplicationDetail,
) {
  const what = kind === "call" ? "Call logged" : "E-mail logged";
  const status = next.workStatus !== before.workStatus ? ` Now ${WORK_STATUS_LABELS[next.workStatus]}.` : "";
  const followUp =
    next.followUpAt !== before.followUpAt
      ? next.followUpAt
        ? ` Call back ${formatDateTime(next.followUpAt)}.`
        : " Follow-up cleared."
      : "";
  return `${what}: ${CONTACT_OUTCOME_LABELS[outcome]}.${status}${followUp}`;
}

/**
 * The rep's one step after a call or an e-mail: the outcome (it sets the
 * work status where it implies one), an optional note and the next
 * follow-up, saved together as one entry on the timeline; or a note alone.
 * `callStarted` changes when the rep uses the lead's tel: link: the call form
 * is shown with focus in its outcome. `noteStarted` changes when the rep
 * asks for a note (the n shortcut): the note form, focused in its text. The
 * focus stays in the form after a save, and the result is announced politely
 * beside it.
 */
export function LogWork({
  detail,
  onWorked,
  callStarted = 0,
  noteStarted = 0,
}: {
  detail: ApplicationDetail;
  onWorked: OnWorked;
  callStarted?: number;
  noteStarted?: number;
}) {
  const id = useId();
  const action = useAction();
  const outcomes = useRef<HTMLFieldSetElement>(null);
  const [kind, setKind] = useState<Kind>("call");
  const [outcome, setOutcome] = useState<ContactOutcome | "">("");
  const [note, setNote] = useState("");
  const [choice, setChoice] = useState<FollowUpChoice>(startChoice(detail.followUpAt));
  const [choiceTouched, setChoiceTouched] = useState(false);
  const [picked, setPicked] = useState("");
  const [missing, setMissing] = useState<"body" | "outcome" | "followUpAt" | null>(null);
  // What the server's own rule for a note (#domain/desk/inputs) says of it, before it is sent.
  const [noteProblem, setNoteProblem] = useState<string | undefined>(undefined);
  const [news, setNews] = useState<string | null>(null);

  useEffect(() => {
    if (callStarted === 0) return;
    setKind("call");
    setOutcome("");
    // After the render that shows the call's outcomes.
    requestAnimationFrame(() => {
      const radios = outcomes.current?.querySelectorAll<HTMLInputElement>("input[type=radio]");
      (Array.from(radios ?? []).find((radio) => radio.checked) ?? radios?.[0])?.focus();
    });
  }, [callStarted]);

  useEffect(() => {
    if (noteStarted === 0) return;
    setKind("note");
    setOutcome("");
    requestAnimationFrame(() => document.getElementById(`${id}-note`)?.focus());
  }, [noteStarted, id]);

  function choose(next: Kind) {
    setKind(next);
    setOutcome("");
    setMissing(null);
    action.setError(null);
  }

  function pickOutcome(value: ContactOutcome) {
    setOutcome(value);
    setMissing(null);
    // No answer or a voicemail: try again tomorrow, unless the rep chose otherwise or one is set.
    if (!choiceTouched && !upcoming(detail.followUpAt)) {
      setChoice(FOLLOW_UP_OUTCOMES.includes(value) ? "tomorrow" : "none");
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (action.pending) return;
    setNews(null);
    const text = note.trim();
    if (kind === "note" ? !text : !outcome) {
      setMissing(kind === "note" ? "body" : "outcome");
      return;
    }
    const problem = problemWith(noteText(), text);
    setNoteProblem(problem);
    if (problem) return;
    if (kind !== "note" && choice === "pick" && !picked) {
      setMissing("followUpAt");
      return;
    }
    const followUpAt = followUpValue(choice, detail.followUpAt, picked);
    const next = await action.run(() =>
      kind === "note"
        ? addNote(detail.id, { body: text })
        : logContact(detail.id, {
            channel: kind,
            outcome: outcome as ContactOutcome,
            ...(text ? { note: text } : {}),
            ...(followUpAt !== undefined ? { followUpAt } : {}),
          }),
    );
    if (!next) return;
    setNews(kind === "note" ? "Note added." : loggedWords(kind, outcome as ContactOutcome, detail, next));
    setNote("");
    setOutcome("");
    setChoice(startChoice(next.followUpAt));
    setChoiceTouched(false);
    setPicked("");
    onWorked(next, null);
  }

  /** Ctrl+Enter (⌘+Enter) in the note saves, as in the reps' other tools. */
  function saveOnCtrlEnter(event: KeyboardEvent) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit();
  }

  const errors = action.error?.fieldErrors ?? {};
  const outcomeError = missing === "outcome" ? "Choose how it went" : errors.outcome;
  const noteError = missing === "body" ? "Write the note first" : (noteProblem ?? errors.body ?? errors.note);
  const followUpError = missing === "followUpAt" ? "Choose when to call back" : errors.followUpAt;
  const known = ["outcome", "body", "note", "followUpAt"];
  const otherError = action.error && !known.some((field) => errors[field]) ? action.error.message : null;
  const disabled = detail.state !== "received";
  const after = outcome ? statusAfterContact(detail.workStatus, outcome) : detail.workStatus;

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
        Log the call
      </h2>
      <fieldset className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
        <legend className="sr-only">What to log</legend>
        {KINDS.map(({ kind: value, label, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              pill,
              kind === value
                ? "bg-card text-foreground shadow-sm ring-1 ring-border"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            <input
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              onChange={() => choose(value)}
              className="sr-only"
            />
            {/* No room for the icons three abreast on a phone. */}
            <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
            <span className="whitespace-nowrap">{label}</span>
          </label>
        ))}
      </fieldset>
      {kind !== "note" && (
        <fieldset
          ref={outcomes}
          aria-invalid={Boolean(outcomeError) || undefined}
          className="flex flex-col gap-2"
        >
          <legend className="mb-2 text-sm font-medium">Outcome</legend>
          <div className="grid grid-cols-2 gap-2">
            {CONTACT_OUTCOMES[kind].map((value) => (
              <label
                key={value}
                className={cn(
                  pill,
                  "border",
                  outcome === value
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-card text-foreground hover:bg-muted",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-outcome`}
                  value={value}
                  checked={outcome === value}
                  onChange={() => pickOutcome(value)}
                  // On each radio: screen readers read a group's description unreliably.
                  aria-describedby={`${id}-outcome-error ${id}-outcome-hint`}
                  className="sr-only"
                />
                {CONTACT_OUTCOME_LABELS[value]}
              </label>
            ))}
          </div>
          <p id={`${id}-outcome-hint`} className="text-sm text-muted-foreground empty:hidden">
            {outcome &&
              (after !== detail.workStatus
                ? `Saves the status as ${WORK_STATUS_LABELS[after]}.`
                : `The status stays ${WORK_STATUS_LABELS[detail.workStatus]}.`)}
          </p>
          <FieldError id={`${id}-outcome-error`}>{outcomeError}</FieldError>
        </fieldset>
      )}
      {kind !== "note" && (
        <Field invalid={Boolean(followUpError)}>
          <FieldLabel htmlFor={`${id}-next`}>Next step</FieldLabel>
          <select
            id={`${id}-next`}
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value as FollowUpChoice);
              setChoiceTouched(true);
              setMissing(null);
            }}
            aria-describedby={`${id}-next-error`}
            className={cn(fieldControlClasses, "h-11 cursor-pointer pr-8")}
          >
            {followUpOptions(detail.followUpAt).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {choice === "pick" && (
            <>
              <FieldLabel htmlFor={`${id}-at`}>Call back at</FieldLabel>
              <Input
                id={`${id}-at`}
                type="datetime-local"
                value={picked}
                onChange={(event) => {
                  setPicked(event.target.value);
                  setMissing(null);
                }}
                aria-invalid={Boolean(followUpError) || undefined}
                aria-describedby={`${id}-at-hint ${id}-next-error`}
              />
              <FieldDescription id={`${id}-at-hint`}>In {timeZoneLabel()}.</FieldDescription>
            </>
          )}
          <FieldError id={`${id}-next-error`}>{followUpError}</FieldError>
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
            setNoteProblem(undefined);
          }}
          onKeyDown={saveOnCtrlEnter}
          aria-invalid={Boolean(noteError) || undefined}
          aria-describedby={`${id}-note-error`}
          placeholder={kind === "note" ? "Only staff see notes" : "What was said, what was agreed"}
          className="min-h-20"
        />
        <FieldError id={`${id}-note-error`}>{noteError}</FieldError>
      </Field>
      <ErrorAlert>{otherError}</ErrorAlert>
      <div className="flex flex-wrap gap-2">
        {/* Never disabled while saving: a disabled button drops the keyboard's focus. */}
        <Button type="submit" disabled={disabled} aria-disabled={action.pending || undefined}>
          {action.pending ? "Saving…" : SUBMIT[kind]}
        </Button>
        <BackToList />
      </div>
      <StatusMessage>{news}</StatusMessage>
    </form>
  );
}
