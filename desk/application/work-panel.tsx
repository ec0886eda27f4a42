import { ClockIcon, HandIcon } from "lucide-react";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { cn } from "#ui/cn";
import { Field, FieldError, FieldLabel } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import type { ApplicationDetail, Owner } from "#domain/desk/contract";
import {
  CLOSE_REASON_LABELS,
  CLOSE_REASONS,
  WORK_STATUS_LABELS,
  WORK_STATUSES,
  type CloseReason,
  type WorkStatus,
} from "#domain/desk/work";
import { useMe } from "../common/components/layout";
import { ErrorAlert } from "../common/components/messages";
import { Section } from "../common/components/page";
import { formatDateTime } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { changeOwner, setWorkStatus } from "./api";
import { FollowUpControls } from "./follow-up-controls";
import { clockWords } from "./review-clock";
import { decisionWords } from "./decision-clock";
import { useNow } from "../common/lib/time-left";

const selectClasses = cn(fieldControlClasses, "h-11 cursor-pointer pr-8");

/**
 * What a change does with its answer: show the new detail and say what
 * happened (null: the form that made it says so itself, beside it).
 */
export type OnWorked = (next: ApplicationDetail, message: string | null) => void;

/** The time now, again every `ms` (the review clock moves while the page is open). */
/** The promise's clock: time left, how late, or how soon the first touch came. */
function ReviewClock({ detail }: { detail: ApplicationDetail }) {
  const now = useNow();
  if (detail.state === "quarantined") {
    return <p className="text-sm text-muted-foreground">No review clock while it is quarantined.</p>;
  }
  const clock = clockWords(detail, detail.createdAt, now);
  if (!clock) return <p className="text-sm text-muted-foreground">No review deadline was set.</p>;
  return (
    <div className="flex flex-col gap-1.5">
      <p className="flex items-center gap-2">
        <ClockIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        <Badge variant={clock.tone} className="text-sm">
          {clock.text}
        </Badge>
      </p>
      <p className="text-sm text-muted-foreground">
        Review promised by{" "}
        <time dateTime={clock.deadline ?? undefined}>{formatDateTime(clock.deadline)}</time>
        {clock.touchedAt && (
          <>
            {"; first touched "}
            <time dateTime={clock.touchedAt}>{formatDateTime(clock.touchedAt)}</time>
          </>
        )}
      </p>
    </div>
  );
}

/** The funding decision's clock, once the documents are complete: due by when, how late, or how soon it came. */
function DecisionClock({ detail }: { detail: ApplicationDetail }) {
  const now = useNow();
  const clock = decisionWords(detail, now);
  if (!clock) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="decision-clock">
      <p className="flex items-center gap-2">
        <ClockIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        <Badge variant={clock.tone} className="text-sm">
          {clock.text}
          {clock.tone === "busy" && (
            <>
              {" by "}
              <time dateTime={clock.dueAt}>{formatDateTime(clock.dueAt)}</time>
            </>
          )}
        </Badge>
      </p>
      <p className="text-sm text-muted-foreground">
        Documents complete{" "}
        <time dateTime={clock.documentsCompleteAt}>{formatDateTime(clock.documentsCompleteAt)}</time>
        {"; decision promised by "}
        <time dateTime={clock.dueAt}>{formatDateTime(clock.dueAt)}</time>
        {clock.decidedAt && (
          <>
            {"; decided "}
            <time dateTime={clock.decidedAt}>{formatDateTime(clock.decidedAt)}</time>
          </>
        )}
      </p>
    </div>
  );
}

/** Who works it: claim it, or give it to another member (or back to the round-robin). */
function OwnerControls({
  detail,
  staff,
  onWorked,
}: {
  detail: ApplicationDetail;
  staff: Owner[];
  onWorked: OnWorked;
}) {
  const me = useMe();
  const id = useId();
  const action = useAction();
  const current = detail.owner?.id ?? "";
  const [choice, setChoice] = useState(current);
  useEffect(() => setChoice(current), [current]);
  const mine = detail.owner?.id === me.id;
  // The current owner is offered even when the list (active members) left them out.
  const members =
    detail.owner && !staff.some((member) => member.id === current) ? [detail.owner, ...staff] : staff;

  async function change(ownerId: string | null) {
    const next = await action.run(() => changeOwner(detail.id, { ownerId }));
    if (!next) return;
    const message = !next.owner
      ? "Put back for assignment."
      : next.owner.id === me.id
        ? "It is yours now."
        : `Given to ${next.owner.name || next.owner.email}.`;
    onWorked(next, message);
  }

  function reassign(event: FormEvent) {
    event.preventDefault();
    if (choice !== current) void change(choice || null);
  }

  const fieldError = action.error?.fieldErrors.ownerId;
  return (
    // Where the focus goes when Claim, once pressed, is gone (keep-focus.ts).
    <div data-focus-home tabIndex={-1} className="flex flex-col gap-3 outline-none">
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <Now label="Owner">
          {detail.owner ? detail.owner.name || detail.owner.email : "Unassigned"}
          {mine && <span className="font-normal text-muted-foreground"> (you)</span>}
        </Now>
        {!mine && detail.state === "received" && (
          <Button
            type="button"
            size="sm"
            disabled={action.pending}
            onClick={() => void change(me.id)}
            // The a shortcut presses it (shortcuts.tsx).
            data-claim
          >
            <HandIcon aria-hidden="true" />
            Claim
          </Button>
        )}
      </div>
      {detail.state === "received" && (
        <form onSubmit={reassign} noValidate className="flex flex-col gap-2">
          <Field invalid={Boolean(fieldError)}>
            <FieldLabel htmlFor={`${id}-owner`}>Give to</FieldLabel>
            <div className="flex gap-2">
              <select
                id={`${id}-owner`}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                aria-invalid={Boolean(fieldError) || undefined}
                aria-describedby={`${id}-owner-error`}
                className={cn(selectClasses, "min-w-0 flex-1")}
              >
                <option value="">Nobody (back to the round-robin)</option>
                {members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name || member.email}
                    {member.id === me.id ? " (you)" : ""}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="outline" disabled={action.pending || choice === current}>
                Reassign
              </Button>
            </div>
            <FieldError id={`${id}-owner-error`}>{fieldError}</FieldError>
          </Field>
        </form>
      )}
      {action.error && !fieldError && <ErrorAlert>{action.error.message}</ErrorAlert>}
    </div>
  );
}

/** "Closed: No response", "Qualified". */
const statusWords = (status: WorkStatus, reason: CloseReason | null | "") =>
  status === "closed" && reason ? `Closed: ${CLOSE_REASON_LABELS[reason]}` : WORK_STATUS_LABELS[status];

/** A control's heading: what it is, and what it is now. */
function Now({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <span className="block font-medium text-muted-foreground">{label}</span>
      <span className="text-base font-semibold">{children}</span>
    </p>
  );
}

/** Where the team stands with it; closing asks why. */
function StatusControls({ detail, onWorked }: { detail: ApplicationDetail; onWorked: OnWorked }) {
  const id = useId();
  const action = useAction();
  const [status, setStatus] = useState<WorkStatus>(detail.workStatus);
  const [reason, setReason] = useState<CloseReason | "">(detail.closeReason ?? "");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setStatus(detail.workStatus);
    setReason(detail.closeReason ?? "");
  }, [detail.workStatus, detail.closeReason]);

  const unchanged = status === detail.workStatus && (status !== "closed" || reason === detail.closeReason);
  const closing = status === "closed" && !unchanged;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status === "closed" && !reason) {
      setMissing(true);
      return;
    }
    const closeReason = status === "closed" && reason ? reason : undefined;
    const next = await action.run(() => setWorkStatus(detail.id, { status, closeReason }));
    if (!next) return;
    onWorked(next, `Status set to ${statusWords(status, reason)}.`);
  }

  const statusError = action.error?.fieldErrors.status;
  const reasonError = missing ? "Say why it is closed" : action.error?.fieldErrors.closeReason;
  const otherError = action.error && !statusError && !action.error.fieldErrors.closeReason;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-h-9 items-center">
        <Now label="Work status">{statusWords(detail.workStatus, detail.closeReason)}</Now>
      </div>
      {detail.state === "received" && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <Field invalid={Boolean(statusError)}>
            <FieldLabel htmlFor={`${id}-status`}>Change to</FieldLabel>
            <div className="flex gap-2">
              <select
                id={`${id}-status`}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as WorkStatus);
                  setMissing(false);
                }}
                aria-describedby={`${id}-status-error`}
                className={cn(selectClasses, "min-w-0 flex-1")}
              >
                {WORK_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {WORK_STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
              <Button
                type="submit"
                variant={unchanged ? "outline" : "default"}
                disabled={action.pending || unchanged}
              >
                {closing ? "Close" : "Set"}
              </Button>
            </div>
            <FieldError id={`${id}-status-error`}>{statusError}</FieldError>
          </Field>
          {status === "closed" && (
            <Field invalid={Boolean(reasonError)}>
              <FieldLabel htmlFor={`${id}-reason`}>Close reason</FieldLabel>
              <select
                id={`${id}-reason`}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value as CloseReason);
                  setMissing(false);
                }}
                aria-invalid={Boolean(reasonError) || undefined}
                aria-describedby={`${id}-reason-error`}
                className={selectClasses}
              >
                <option value="">Choose why…</option>
                {CLOSE_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {CLOSE_REASON_LABELS[value]}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-reason-error`}>{reasonError}</FieldError>
            </Field>
          )}
          {otherError && <ErrorAlert>{action.error?.message}</ErrorAlert>}
        </form>
      )}
    </div>
  );
}

/**
 * Working the application: the review clock and, once the documents are
 * complete, the decision's, its owner (claim, reassign),
 * its work status and its next follow-up. A quarantined application is not
 * worked until released.
 */
export function WorkPanel({
  detail,
  staff,
  onWorked,
  className,
}: {
  detail: ApplicationDetail;
  staff: Owner[];
  onWorked: OnWorked;
  className?: string;
}) {
  return (
    <Section title="Work" className={className}>
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-x-8">
        <ReviewClock detail={detail} />
        <DecisionClock detail={detail} />
      </div>
      {detail.state === "quarantined" && (
        <p className="text-sm text-muted-foreground">Release it from quarantine to work on it.</p>
      )}
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 border-t border-border pt-4 sm:grid-cols-2">
        <OwnerControls detail={detail} staff={staff} onWorked={onWorked} />
        <StatusControls detail={detail} onWorked={onWorked} />
        <FollowUpControls detail={detail} onWorked={onWorked} />
      </div>
    </Section>
  );
}
