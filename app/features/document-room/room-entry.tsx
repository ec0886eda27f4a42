/**
 * The ways into the room before it shows: the welcome a link opens (nothing
 * used up until the applicant presses the button), and the form that asks
 * for a new link by e-mail, whose answer is the server's, the same for any
 * address.
 */
import { FolderOpenIcon, MailIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { Field, FieldDescription, FieldError, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import { EMAIL_MAX_LENGTH } from "#domain/lib/email";
import { askForLinks } from "./room-api";

const cardClass = "flex flex-col gap-5 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8";

export const ENTRY_COPY = {
  welcomeTitle: "Your documents, in one safe place",
  welcomeText:
    "Upload what your funding specialist needs to decide on your application, and see where it stands.",
  personal: "This link is yours alone: please don't forward it.",
  open: "Open my documents",
  opening: "Opening…",
  askTitle: "Get a link to your document room",
  askText:
    "Enter the e-mail address you applied with. We'll send a link to the document room of each application made with it.",
  emailLabel: "E-mail address",
  send: "Send me a link",
  sending: "Sending…",
} as const;

export function Welcome({
  onOpen,
  opening,
  error,
}: {
  onOpen: () => void;
  opening: boolean;
  error?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <FolderOpenIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-2">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight">
            {ENTRY_COPY.welcomeTitle}
          </h2>
          <p className="leading-relaxed text-muted-foreground">{ENTRY_COPY.welcomeText}</p>
        </div>
      </div>
      <div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="button" size="lg" onClick={onOpen} aria-disabled={opening || undefined}>
            {opening ? ENTRY_COPY.opening : ENTRY_COPY.open}
          </Button>
          <p className="text-sm text-muted-foreground">{ENTRY_COPY.personal}</p>
        </div>
        <p role="alert" className="mt-3 text-sm font-medium text-destructive empty:mt-0">
          {error}
        </p>
      </div>
    </section>
  );
}

export function AskForLink({ notice, typedEmail = "" }: { notice?: string; typedEmail?: string }) {
  const id = useId();
  const [email, setEmail] = useState(typedEmail);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const [sent, setSent] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError("");
    const answer = await askForLinks(email);
    setSending(false);
    if (answer.ok) setSent(answer.value.message);
    else setError(answer.message);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      {notice && (
        <p className="rounded-lg border border-gold/30 bg-gold/5 px-4 py-3 text-sm font-medium text-foreground">
          {notice}
        </p>
      )}
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <MailIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-2">
          <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
            {ENTRY_COPY.askTitle}
          </h2>
          <p className="leading-relaxed text-muted-foreground">{ENTRY_COPY.askText}</p>
        </div>
      </div>
      <form method="dialog" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field invalid={Boolean(error)}>
          <FieldLabel htmlFor={`${id}-email`}>{ENTRY_COPY.emailLabel}</FieldLabel>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={`${id}-hint ${id}-error`}
          />
          <FieldDescription id={`${id}-hint`}>The one you gave in your application.</FieldDescription>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </Field>
        <Button type="submit" className="self-start" aria-disabled={sending || undefined}>
          {sending ? ENTRY_COPY.sending : ENTRY_COPY.send}
        </Button>
      </form>
      <p role="status" className="text-sm leading-relaxed font-medium text-success">
        {sent}
      </p>
    </section>
  );
}
