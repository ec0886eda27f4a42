import { MailIcon, MessageCircleQuestionIcon, PhoneIcon } from "lucide-react";
import type { FaqPageContent } from "~/content/faq";
import { siteFacts } from "#domain/site-facts";

/** For questions the FAQ does not answer: write or call a specialist. */
export function FaqContact({ copy }: { copy: FaqPageContent["contact"] }) {
  return (
    <section
      aria-labelledby="faq-contact-heading"
      className="flex flex-col gap-6 rounded-2xl border border-border bg-accent p-6 sm:p-8"
    >
      <div className="flex gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-card text-primary shadow-sm sm:flex">
          <MessageCircleQuestionIcon className="size-6" aria-hidden="true" />
        </span>
        <div>
          <h2 id="faq-contact-heading" className="text-xl font-bold tracking-tight">
            {copy.title}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {copy.description} {siteFacts.hours}.
          </p>
        </div>
      </div>
      <ul className="flex flex-col gap-3 sm:flex-row sm:pl-16">
        <li>
          <a
            href={`mailto:${siteFacts.email}`}
            className="inline-flex h-11 w-full items-center gap-2 rounded-lg border border-input bg-card px-4 text-sm font-semibold transition-colors hover:bg-muted"
          >
            <MailIcon className="size-4 text-primary" aria-hidden="true" />
            {siteFacts.email}
          </a>
        </li>
        <li>
          <a
            href={`tel:${siteFacts.phone.e164}`}
            className="inline-flex h-11 w-full items-center gap-2 rounded-lg border border-input bg-card px-4 text-sm font-semibold whitespace-nowrap transition-colors hover:bg-muted"
          >
            <PhoneIcon className="size-4 text-primary" aria-hidden="true" />
            {siteFacts.phone.display}
          </a>
        </li>
      </ul>
    </section>
  );
}
