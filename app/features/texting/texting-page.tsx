import { MailIcon, MessageSquareTextIcon, PhoneIcon } from "lucide-react";
import type * as React from "react";
import { SectionLink } from "~/components/section-link";
import { legalPagePath, legalPageTitles } from "~/content/legal/slugs";
import type { TextingPageContent } from "~/content/texting";

const prose = "text-base leading-7 text-muted-foreground sm:text-[1.0625rem] sm:leading-8";
const link = "font-medium text-primary underline underline-offset-4 hover:text-primary/80";

function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The texting opt-in page: the exact consent sentence and its version as the
 * application shows them, where they appear, how to get help and how to stop.
 */
export function TextingPage({ content }: { content: TextingPageContent }) {
  const { consent, where, help } = content;
  return (
    <article className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">{content.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{content.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">{content.intro}</p>
      </header>

      <div className="mt-10 flex max-w-3xl flex-col gap-12 sm:mt-14">
        <Part id="texting-consent" title="What you agree to">
          <figure className="flex flex-col gap-3 rounded-2xl border border-border bg-accent p-5 sm:p-6">
            <blockquote className="flex gap-3 text-base leading-7 text-foreground sm:text-[1.0625rem] sm:leading-8">
              <MessageSquareTextIcon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
              <p data-testid="sms-consent-text">{consent.text}</p>
            </blockquote>
            <figcaption className="text-sm text-muted-foreground">
              Consent text version <code className="font-mono text-foreground">{consent.version}</code>
            </figcaption>
          </figure>
          <p className={prose}>
            This is the whole sentence, word for word, as the application shows it. We store it with each
            application, with its version, the time you agreed, the page and the phone number you gave, as the
            record of your consent.
          </p>
        </Part>

        <Part id="texting-where" title="Where you see it">
          <ol
            className={`${prose} flex list-decimal flex-col gap-2 pl-6 marker:font-semibold marker:text-primary`}
          >
            <li className="pl-1">
              Open our{" "}
              <SectionLink section="funding-form" className={link}>
                funding application
              </SectionLink>{" "}
              on the home page and answer the first {where.step - 1} steps, including your phone number.
            </li>
            <li className="pl-1">
              On step {where.step} of {where.totalSteps},{" "}
              <strong className="text-foreground">{where.stepTitle}</strong>, below a summary of your answers,
              is a checkbox with the sentence above beside it, followed by links to our{" "}
              {legalPageTitles["terms-of-service"]} and {legalPageTitles["privacy-policy"]}. It starts
              unticked: only you can tick it.
            </li>
            <li className="pl-1">
              You send your application, and your consent, with{" "}
              <strong className="text-foreground">{where.submitLabel}</strong>.
            </li>
          </ol>
        </Part>

        <Part id="texting-help" title="Help">
          <p className={prose}>
            Reply <strong className="text-foreground">HELP</strong> to any text from us, or call or write to
            us ({help.hours}):
          </p>
          <ul className="flex flex-col gap-3 sm:flex-row">
            <li>
              <a
                href={`tel:${help.phone.e164}`}
                className="inline-flex h-11 w-full items-center gap-2 rounded-lg border border-input bg-card px-4 text-sm font-semibold whitespace-nowrap transition-colors hover:bg-muted"
              >
                <PhoneIcon className="size-4 text-primary" aria-hidden="true" />
                {help.phone.display}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${help.email}`}
                className="inline-flex h-11 w-full items-center gap-2 rounded-lg border border-input bg-card px-4 text-sm font-semibold transition-colors hover:bg-muted"
              >
                <MailIcon className="size-4 text-primary" aria-hidden="true" />
                {help.email}
              </a>
            </li>
          </ul>
        </Part>

        <Part id="texting-stop" title="How to stop">
          <p className={prose}>
            Reply <strong className="text-foreground">STOP</strong> to any text from us and we stop texting
            that number. You can also use our{" "}
            <a href={content.optOutPath} className={link}>
              opt-out form
            </a>
            , or tell us by phone or e-mail at the numbers above. Stopping texts does not withdraw your
            application.
          </p>
          <p className={prose}>
            How we use and keep your information: our{" "}
            <a href={legalPagePath("privacy-policy")} className={link}>
              {legalPageTitles["privacy-policy"]}
            </a>{" "}
            and{" "}
            <a href={legalPagePath("terms-of-service")} className={link}>
              {legalPageTitles["terms-of-service"]}
            </a>
            .
          </p>
        </Part>
      </div>
    </article>
  );
}
