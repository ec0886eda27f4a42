import type { FaqPageContent } from "~/content/faq";
import { FaqAccordion } from "./faq-accordion";
import { FaqContact } from "./faq-contact";
import { FaqTopicsNav } from "./faq-topics-nav";
import { ClaimText } from "~/components/claim-text";

/** The FAQ body: title, topic links, the grouped questions, then contact. */
export function FaqPage({ content }: { content: FaqPageContent }) {
  const { intro, groups } = content;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-8 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">{intro.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{intro.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">
          <ClaimText text={intro.description} />
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:mt-14 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-16">
        <aside>
          <FaqTopicsNav groups={groups} />
        </aside>
        <div className="flex max-w-4xl flex-col gap-14">
          <FaqAccordion groups={groups} />
          <FaqContact copy={content.contact} />
          <p className="text-muted-foreground">
            {content.methodology.text}{" "}
            <a
              href={content.methodology.href}
              className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
            >
              {content.methodology.label}
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}
