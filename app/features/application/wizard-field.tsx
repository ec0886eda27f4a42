/** One field of the wizard: its label, control (text, long text or option list), hint and message. */
import { Controller, useFormState } from "react-hook-form";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#ui/select";
import { Textarea } from "#ui/textarea";
import { cn } from "#ui/cn";
import type { ApplicationForm } from "./application-form";
import { fieldCopy } from "#domain/application/copy";
import { isChoiceField, optionsByField, type ChoiceField } from "#domain/application/schema";
import type { AnswerField } from "#domain/application/steps";
import { wideFields } from "./wizard-frame";

type TextFieldName = Exclude<AnswerField, ChoiceField>;

/** The ids of a field's control, label, hint and message: `idBase` is the wizard's own. */
export function fieldIds(idBase: string, name: string) {
  return {
    control: `${idBase}-${name}`,
    label: `${idBase}-${name}-label`,
    hint: `${idBase}-${name}-hint`,
    error: `${idBase}-${name}-error`,
  };
}

export function WizardField({
  form,
  name,
  idBase,
}: {
  form: ApplicationForm;
  name: AnswerField;
  idBase: string;
}) {
  const copy = fieldCopy[name];
  const id = fieldIds(idBase, name);
  // Subscribed here, not through the wizard: a failed Next re-renders the fields, not the whole form.
  const error = useFormState({ control: form.control, name }).errors[name]?.message;
  const describedBy = [copy.hint && id.hint, error && id.error].filter(Boolean).join(" ") || undefined;
  const a11y = { id: id.control, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  // After a failed Next, re-check a field as it is corrected so its message clears.
  const revalidate = () => {
    if (form.getFieldState(name).error) void form.trigger(name);
  };

  let control: React.ReactNode;
  if (isChoiceField(name)) {
    const options: readonly { value: string; label: string; hint?: string }[] = optionsByField[name];
    control = (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            name={field.name}
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              revalidate();
            }}
          >
            <SelectTrigger
              {...a11y}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-labelledby={id.label}
              aria-required="true"
            >
              <SelectValue placeholder={copy.placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} hint={option.hint}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    );
  } else if (name === "businessDescription") {
    control = (
      <Textarea
        {...a11y}
        {...form.register(name, { onChange: revalidate })}
        placeholder={copy.placeholder}
        aria-required="true"
      />
    );
  } else {
    const textName: TextFieldName = name;
    control = (
      <Input
        {...a11y}
        {...form.register(textName, { onChange: revalidate })}
        placeholder={copy.placeholder}
        autoComplete={copy.autoComplete}
        aria-required="true"
        {...inputTypeOf(textName)}
      />
    );
  }

  return (
    <Field invalid={Boolean(error)} className={cn(wideFields.has(name) && "sm:col-span-2")}>
      <FieldLabel id={id.label} htmlFor={id.control} required>
        {copy.label}
      </FieldLabel>
      {control}
      {copy.hint && <FieldDescription id={id.hint}>{copy.hint}</FieldDescription>}
      <FieldError id={id.error}>{error}</FieldError>
    </Field>
  );
}

function inputTypeOf(name: TextFieldName): React.ComponentProps<"input"> {
  switch (name) {
    case "email":
      return { type: "email", inputMode: "email", spellCheck: false };
    case "phone":
      return { type: "tel", inputMode: "tel" };
    case "fundingAmount":
      // Kept as text: a number input would drop "250,000" silently instead of explaining.
      return { type: "text", inputMode: "numeric" };
    default:
      return { type: "text" };
  }
}
