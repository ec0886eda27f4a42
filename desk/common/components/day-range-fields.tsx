import { Field, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { TextField } from "./text-field";

/**
 * The From and To day fields of a filter form (the inbox's and the audit
 * log's), named `from` and `to`. A backwards range (`dateRangeError`) is
 * shown under To. `describedBy` names what else explains both, such as the
 * zone the days are read in.
 */
export function DayRangeFields({
  id,
  from,
  to,
  error,
  describedBy,
}: {
  id: string;
  from: string;
  to: string;
  error?: string;
  describedBy?: string;
}) {
  return (
    <>
      <TextField
        id={`${id}-from`}
        label="From"
        name="from"
        type="date"
        defaultValue={from}
        aria-describedby={describedBy}
      />
      <Field invalid={Boolean(error)}>
        <FieldLabel htmlFor={`${id}-to`}>To</FieldLabel>
        <Input
          id={`${id}-to`}
          name="to"
          type="date"
          defaultValue={to}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={[`${id}-to-error`, describedBy].filter(Boolean).join(" ")}
        />
        <FieldError id={`${id}-to-error`} className="empty:sr-only">
          {error}
        </FieldError>
      </Field>
    </>
  );
}
