import { CheckCircle2Icon, MessageSquareOffIcon } from "lucide-react";
import { OPT_OUT_FIELDS, OPT_OUT_FORM_ACTION } from "#domain/opt-out/form";
import { HONOUR_WITHIN_BUSINESS_DAYS } from "#domain/desk/opt-outs";
import { siteFacts } from "#domain/site-facts";
import { Button } from "#ui/button";
import { Field, FieldDescription, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { PageHeader } from "~/components/page-header";

/**
 * The public opt-out page: a plain form that posts to the server (no
 * JavaScript needed), which records the request and answers with the
 * confirmation page, whether or not we know the number or the address.
 */
export function OptOutPage() {
  return (
    <article>
      <PageHeader
        eyebrow="Your choices"
        title="Stop texts and marketing e-mail"
        summary="Enter the mobile number that should get no more text messages from us, the e-mail address that should get no more marketing e-mail, or both. No account needed, and you don't need to tell us why."
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <form
          method="post"
          action={OPT_OUT_FORM_ACTION}
          className="flex flex-col gap-6 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8"
        >
          <Field>
            <FieldLabel htmlFor="opt-out-phone">Mobile number</FieldLabel>
            <Input
              id="opt-out-phone"
              name={OPT_OUT_FIELDS.phone}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={25}
              placeholder="(555) 123-4567"
              aria-describedby="opt-out-phone-hint"
            />
            <FieldDescription id="opt-out-phone-hint">
              With its area code. We stop sending it text messages.
            </FieldDescription>
          </Field>
          <Field>
            <FieldLabel htmlFor="opt-out-email">E-mail address</FieldLabel>
            <Input
              id="opt-out-email"
              name={OPT_OUT_FIELDS.email}
              type="email"
              autoComplete="email"
              maxLength={254}
              placeholder="you@company.com"
              aria-describedby="opt-out-email-hint"
            />
            <FieldDescription id="opt-out-email-hint">We stop sending it marketing e-mail.</FieldDescription>
          </Field>
          <Button type="submit" size="lg" className="self-start">
            <MessageSquareOffIcon aria-hidden="true" />
            Stop messages
          </Button>
        </form>
        <div className="mt-8 flex flex-col gap-3 text-sm leading-relaxed text-muted-foreground">
          <p>
            Marketing e-mail stops at once. Text messages stop within {HONOUR_WITHIN_BUSINESS_DAYS} business
            days, usually much sooner. You can also reply STOP to any text from us.
          </p>
          <p>
            Messages about an application you have made, such as its receipt, are not marketing and may still
            reach you. Questions? Call {siteFacts.phone.display} or write to{" "}
            <a
              className="font-medium text-primary underline-offset-4 hover:underline"
              href={`mailto:${siteFacts.email}`}
            >
              {siteFacts.email}
            </a>
            .
          </p>
        </div>
      </div>
    </article>
  );
}

/** Where every accepted request lands: the same words whether or not we knew the number or address. */
export function OptOutReceivedPage() {
  return (
    <article>
      <PageHeader
        eyebrow="Your choices"
        title="Your request is in"
        summary="If we have that number or address, we will send it no more marketing messages."
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <div className="flex gap-4 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <CheckCircle2Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col gap-3 leading-relaxed text-muted-foreground">
            <p>
              Marketing e-mail stops at once. Text messages stop within {HONOUR_WITHIN_BUSINESS_DAYS} business
              days, usually much sooner.
            </p>
            <p>
              Another number or address to stop?{" "}
              <a className="font-medium text-primary underline-offset-4 hover:underline" href="/opt-out">
                Back to the opt-out form
              </a>
              .
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}
