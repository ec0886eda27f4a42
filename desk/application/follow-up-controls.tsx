import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import type { ApplicationDetail } from "#domain/desk/contract";
import { ErrorAlert } from "../common/components/messages";
import { formatDateTime, timeZoneLabel, zonedInputValue } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { setFollowUp } from "./api";
import type { OnWorked } from "./work-panel";

/**
 * The follow-up on its own ("call back at"): set it, move it or clear it
 * without logging a contact. A time typed here is the desk's zone's.
 */
export function FollowUpControls({ detail, onWorked }: { detail: ApplicationDetail; onWorked: OnWorked }) {
  const id = useId();
  const action = useAction();
  const current = detail.followUpAt ? zonedInputValue(new Date(detail.followUpAt)) : "";
  const [value, setValue] = useState(current);
  const [missing, setMissing] = useState(false);
  useEffect(() => setValue(current), [current]);

  async function change(at: string | null, message: (next: ApplicationDetail) => string) {
    const next = await action.run(() => setFollowUp(detail.id, { at }));
    if (next) onWorked(next, message(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) {
      setMissing(true);
      return;
    }
    if (value === current) return;
    void change(value, (next) => `Follow-up set: call back ${formatDateTime(next.followUpAt)}.`);
  }

  const error = missing ? "Choose when to call back" : action.error?.fieldErrors.at;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex min-h-9 flex-col text-sm">
        <span className="block font-medium text-muted-foreground">Next follow-up</span>
        <span className="text-base font-semibold">
          {detail.followUpAt ? (
            <time dateTime={detail.followUpAt}>{formatDateTime(detail.followUpAt)}</time>
          ) : (
            "None"
          )}
        </span>
      </p>
      {detail.state === "received" && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          <Field invalid={Boolean(error)}>
            <FieldLabel htmlFor={`${id}-at`}>Follow-up time</FieldLabel>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setMissing(false);
              }}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={`${id}-hint ${id}-error`}
            />
            <FieldDescription id={`${id}-hint`}>In {timeZoneLabel()}.</FieldDescription>
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant="outline"
              aria-disabled={action.pending || value === current || undefined}
            >
              {detail.followUpAt ? "Move follow-up" : "Set follow-up"}
            </Button>
            {detail.followUpAt && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => void change(null, () => "Follow-up cleared.")}
              >
                Clear follow-up
              </Button>
            )}
          </div>
        </form>
      )}
      {action.error && !action.error.fieldErrors.at && <ErrorAlert>{action.error.message}</ErrorAlert>}
    </div>
  );
}
