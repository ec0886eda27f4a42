import {
  PRIVACY_DETAILS_MAX,
  PRIVACY_NAME_MAX,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_KINDS,
} from "#domain/privacy/kinds";
import { siteFacts } from "#domain/site-facts";
import { Claim } from "~/components/claim";
import { buttonVariants } from "#ui/button";
import { cn } from "#ui/cn";
import { Field, FieldDescription, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { Textarea } from "#ui/textarea";

/**
 * The privacy request form: a plain HTML form that works before (and without)
 * any JavaScript. The browser checks the fields it can; the server checks them
 * all and answers with a page of its own (docs/privacy-requests.md).
 */
export function PrivacyRequestForm() {
  return (
    <form method="post" action="/api/privacy-requests" className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-base font-semibold">
          What would you like us to do?
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        </legend>
        {PRIVACY_REQUEST_KINDS.map((kind, index) => (
          <label
            key={kind}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-input bg-card px-4 py-2.5 text-base has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="kind"
              value={kind}
              required
              defaultChecked={index === 0}
              className="size-4 accent-primary"
            />
            {PRIVACY_REQUEST_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>

      <Field>
        <FieldLabel htmlFor="privacy-email" required>
          Your e-mail address
        </FieldLabel>
        <Input
          id="privacy-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-describedby="privacy-email-hint"
        />
        <FieldDescription id="privacy-email-hint">
          The address you used with us. We send a link to it to confirm the request is yours.
        </FieldDescription>
      </Field>

      <Field>
        <FieldLabel htmlFor="privacy-name" required>
          Your name
        </FieldLabel>
        <Input id="privacy-name" name="name" autoComplete="name" required maxLength={PRIVACY_NAME_MAX} />
      </Field>

      <Field>
        <FieldLabel htmlFor="privacy-details">Details</FieldLabel>
        <Textarea
          id="privacy-details"
          name="details"
          maxLength={PRIVACY_DETAILS_MAX}
          aria-describedby="privacy-details-hint"
        />
        <FieldDescription id="privacy-details-hint">
          Needed for a correction: what is wrong and what it should say. Optional otherwise.
        </FieldDescription>
      </Field>

      <div className="flex flex-col gap-3">
        <button type="submit" className={cn(buttonVariants({ size: "lg" }), "self-start")}>
          Send my request
        </button>
        <p className="text-sm text-muted-foreground">
          The confirmation link works for <Claim id="privacy-link-validity" show="figure" />. We answer a
          confirmed request within <Claim id="privacy-response-time" show="figure" />. Questions:{" "}
          <a href={`mailto:${siteFacts.email}`}>{siteFacts.email}</a>.
        </p>
      </div>
    </form>
  );
}
