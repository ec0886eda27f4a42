import { useId, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { cn } from "#ui/cn";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import { Textarea } from "#ui/textarea";
import type { OptOut, OptOutInput } from "#domain/desk/contract";
import {
  OPT_OUT_CHANNEL_LABELS,
  OPT_OUT_CHANNELS,
  OPT_OUT_NOTE_MAX,
  OPT_OUT_SOURCE_LABELS,
  STAFF_OPT_OUT_SOURCES,
  type OptOutChannel,
  type StaffOptOutSource,
} from "#domain/desk/opt-outs";
import { ErrorAlert } from "../common/components/messages";
import { TextField } from "../common/components/text-field";
import { timeZoneLabel } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { recordOptOut } from "./api";

/** Where the form starts: the number or address just looked up, if any. */
export type OptOutStart = { phone: string } | { email: string } | null;

const selectClasses = cn(fieldControlClasses, "h-11 cursor-pointer pr-8");

/** The fields the server names in its errors, each shown by its own field. */
const FIELDS = ["channel", "phone", "email", "receivedVia", "receivedAt", "note"] as const;

/**
 * Records an opt-out someone gave staff by phone or e-mail. The ledger keeps
 * it for good; the server answers the stored row, which `onRecorded` shows.
 */
export function OptOutForm({
  start,
  onRecorded,
}: {
  start: OptOutStart;
  onRecorded: (optOut: OptOut) => void;
}) {
  const id = useId();
  const action = useAction();
  const [channel, setChannel] = useState<OptOutChannel>(start && "email" in start ? "email" : "sms");
  const [missing, setMissing] = useState<string | null>(null);
  const contactField = channel === "sms" ? "phone" : "email";
  // The number or address looked up, in the field it belongs to.
  const startValue = start && contactField in start ? Object.values(start)[0] : "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const contact = text("contact");
    setMissing(contact ? null : contactField);
    if (!contact) {
      action.setError(null);
      return;
    }
    const input: OptOutInput = {
      channel,
      [contactField]: contact,
      receivedVia: text("receivedVia") as StaffOptOutSource,
      ...(text("receivedAt") && { receivedAt: text("receivedAt") }),
      ...(text("note") && { note: text("note") }),
    };
    const stored = await action.run(() => recordOptOut(input));
    if (!stored) return;
    form.reset();
    onRecorded(stored);
  }

  const serverErrors = action.error?.fieldErrors ?? {};
  const errorOf = (name: string) =>
    name === missing
      ? channel === "sms"
        ? "Enter the phone number"
        : "Enter the e-mail address"
      : serverErrors[name];
  const formError = action.error && !FIELDS.some((name) => serverErrors[name]) ? action.error.message : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Record an opt-out"
      className="flex max-w-xl flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field invalid={Boolean(errorOf("channel"))}>
          <FieldLabel htmlFor={`${id}-channel`}>Opted out of</FieldLabel>
          <select
            id={`${id}-channel`}
            name="channel"
            value={channel}
            onChange={(event) => {
              setChannel(event.target.value as OptOutChannel);
              setMissing(null);
              action.setError(null);
            }}
            aria-describedby={`${id}-channel-error`}
            className={selectClasses}
          >
            {OPT_OUT_CHANNELS.map((value) => (
              <option key={value} value={value}>
                {OPT_OUT_CHANNEL_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-channel-error`}>{errorOf("channel")}</FieldError>
        </Field>
        <Field invalid={Boolean(errorOf("receivedVia"))}>
          <FieldLabel htmlFor={`${id}-via`}>How it reached you</FieldLabel>
          <select
            id={`${id}-via`}
            name="receivedVia"
            defaultValue={channel === "email" ? "email" : "phone"}
            aria-describedby={`${id}-via-error`}
            className={selectClasses}
          >
            {STAFF_OPT_OUT_SOURCES.map((value) => (
              <option key={value} value={value}>
                {OPT_OUT_SOURCE_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-via-error`}>{errorOf("receivedVia")}</FieldError>
        </Field>
      </div>
      <TextField
        key={channel}
        id={`${id}-contact`}
        label={channel === "sms" ? "Phone number" : "Email address"}
        hint={
          channel === "sms"
            ? "The number that must get no more text messages, with its area code."
            : "The address that must get no more e-mail. It also leaves the newsletter at once."
        }
        validated
        error={errorOf(contactField)}
        name="contact"
        type={channel === "sms" ? "tel" : "email"}
        autoComplete="off"
        defaultValue={startValue}
      />
      <TextField
        id={`${id}-received`}
        label="Received (optional)"
        hint={`When they told you, in ${timeZoneLabel()}. Leave it empty for now.`}
        validated
        error={errorOf("receivedAt")}
        name="receivedAt"
        type="datetime-local"
      />
      <Field invalid={Boolean(errorOf("note"))}>
        <FieldLabel htmlFor={`${id}-note`}>Note (optional)</FieldLabel>
        <Textarea
          id={`${id}-note`}
          name="note"
          maxLength={OPT_OUT_NOTE_MAX}
          aria-invalid={Boolean(errorOf("note")) || undefined}
          aria-describedby={`${id}-note-hint ${id}-note-error`}
          className="min-h-20"
        />
        <FieldDescription id={`${id}-note-hint`}>
          What they said, in a few words. The ledger keeps it for good: it cannot be changed later.
        </FieldDescription>
        <FieldError id={`${id}-note-error`}>{errorOf("note")}</FieldError>
      </Field>
      <ErrorAlert>{formError}</ErrorAlert>
      <Button type="submit" className="self-start" disabled={action.pending}>
        {action.pending ? "Recording…" : "Record opt-out"}
      </Button>
    </form>
  );
}
