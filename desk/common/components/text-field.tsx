import type { ComponentProps, ReactNode } from "react";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";

/**
 * A labelled text input with its hint and error line. The input names both
 * (aria-describedby: `<id>-hint`, `<id>-error`) and says when it is invalid.
 * A field the form checks (`validated`) always has its error line, so the
 * alert region exists before a message arrives and the layout keeps still.
 */
export function TextField({
  id,
  label,
  hint,
  validated,
  error,
  className,
  inputClassName,
  ...input
}: Omit<ComponentProps<typeof Input>, "id" | "className"> & {
  /** The input's id. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  validated?: boolean;
  /** What is wrong with the value now, if anything. */
  error?: ReactNode;
  /** The field's classes (its place in the form). */
  className?: string;
  inputClassName?: string;
}) {
  const invalid = validated && Boolean(error);
  const describedBy = [hint && `${id}-hint`, validated && `${id}-error`].filter(Boolean).join(" ");
  return (
    <Field className={className} invalid={invalid}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        id={id}
        className={inputClassName}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>}
      {validated && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
}

/** A field of the account forms: its input's id and ref, and what is wrong with it. */
type AccountFieldProps = Pick<ComponentProps<typeof TextField>, "id" | "error" | "ref">;

/** The account's e-mail address, which password managers file its password under. */
export function AccountEmailField(field: AccountFieldProps) {
  return (
    <TextField
      {...field}
      label="Email"
      validated
      name="email"
      type="email"
      autoComplete="username"
      required
    />
  );
}

/**
 * The 6-digit code an authenticator app shows (spaces allowed, as some apps
 * group the digits), read with `readCode`.
 */
export function AuthCodeField(field: AccountFieldProps) {
  return (
    <TextField
      {...field}
      label="Authentication code"
      validated
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={8}
      required
      inputClassName="font-mono tracking-widest"
    />
  );
}

/** A typed code without the spaces people type or paste between its groups. */
export const readCode = (form: FormData, name: string) => String(form.get(name) ?? "").replace(/\s+/g, "");
