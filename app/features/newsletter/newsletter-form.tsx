import CheckCircle2Icon from "lucide-react/icons/circle-check";
import { useEffect, useId, useState } from "react";
import { Button } from "#ui/button";
import { Input } from "#ui/input";
import { track } from "~/lib/analytics";
import { whenIdle } from "~/lib/when-idle";
import { NEWSLETTER_FORM_ACTION } from "#domain/newsletter/form-action";
import { NEWSLETTER_HONEYPOT } from "#domain/newsletter/honeypot";

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "invalid"; message: string }
  | { kind: "failed"; message: string }
  | { kind: "confirm"; email: string };

/**
 * The validation library: loaded once the form is in use (its island wakes as
 * the visitor types), never with the page, and ready before Subscribe.
 */
const loadSchema = () => import("#domain/newsletter/schema");

/** Footer newsletter sign-up: validates the address, then subscribes it on our server. */
export function NewsletterForm() {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inputId = useId();
  const messageId = useId();

  // While the visitor types: load the schema and run it once, so the first Subscribe pays for neither.
  useEffect(
    () =>
      whenIdle(
        () => void loadSchema().then(({ newsletterSchema }) => newsletterSchema.safeParse({ email: "" })),
      ),
    [],
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { newsletterSchema } = await loadSchema();
    const parsed = newsletterSchema.safeParse({ email: form.get("email") ?? "" });
    if (!parsed.success) {
      // A failed parse always carries an issue; its message is the schema's own.
      setStatus({ kind: "invalid", message: parsed.error.issues[0].message });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: parsed.data.email,
          [NEWSLETTER_HONEYPOT]: form.get(NEWSLETTER_HONEYPOT) ?? "",
        }),
      });
      if (!response.ok) throw new Error(`Newsletter sign-up failed with ${response.status}`);
      track("newsletter_subscribed");
      setStatus({ kind: "confirm", email: parsed.data.email });
    } catch (error) {
      console.error(error);
      setStatus({ kind: "failed", message: "We couldn't subscribe you just now. Please try again." });
    }
  }

  // Double opt-in: nothing is sent to the address until its owner follows the e-mailed link.
  if (status.kind === "confirm") {
    return (
      <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-highlight">
        <CheckCircle2Icon className="size-5 shrink-0" aria-hidden="true" />
        Almost there! Check your inbox: we sent a link to {status.email} to confirm your subscription.
      </p>
    );
  }

  const message = status.kind === "invalid" || status.kind === "failed" ? status.message : "";
  return (
    // Sent by the browser itself (before the code has arrived, or without
    // JavaScript) it posts its fields in the body to a page of the server's.
    <form
      method="post"
      action={NEWSLETTER_FORM_ACTION}
      noValidate
      onSubmit={onSubmit}
      className="flex w-full flex-col gap-2"
    >
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <Input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={status.kind === "invalid" || undefined}
          aria-describedby={messageId}
          className="border-white/20 bg-white/5 text-white placeholder:text-ink-muted sm:max-w-sm"
        />
        {/* Honeypot: invisible to people and assistive tech; bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            Leave this field empty
            <input type="text" name={NEWSLETTER_HONEYPOT} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <Button type="submit" variant="inverse" disabled={status.kind === "sending"}>
          {status.kind === "sending" ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <p id={messageId} role="alert" className="min-h-5 text-sm text-red-200">
        {message}
      </p>
    </form>
  );
}
