import { ChevronDownIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import type { LegalBlock, LegalDocument as LegalDocumentData } from "~/content/legal";
import { legalContact, legalDocumentPath, legalSectionId } from "~/content/legal/pages";
import { siteFacts } from "#domain/site-facts";
import { cn } from "#ui/cn";
import { LegalText } from "./legal-text";

interface TocEntry {
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

/** One legal page: title, date, summary, table of contents, numbered sections and a contact box. */
export function LegalDocument({ document: doc }: { document: LegalDocumentData }) {
  const path = legalDocumentPath(doc);
  const entries: TocEntry[] = doc.sections.map((section) => ({
    id: legalSectionId(section.heading),
    ...section,
  }));

  return (
    <article>
      <header className="border-b border-border bg-muted">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Legal</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{doc.title}</h1>
          <p className="text-sm font-medium text-muted-foreground">Last updated {doc.lastUpdated}</p>
          <p className="max-w-3xl text-lg leading-relaxed text-pretty text-muted-foreground">{doc.summary}</p>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:py-16">
        <div className="mb-10 lg:mb-0">
          <MobileToc entries={entries} />
          <DesktopToc entries={entries} />
        </div>

        <div className="max-w-3xl">
          <div className="flex flex-col gap-12">
            {entries.map(({ id, heading, blocks }, index) => (
              <section key={id} aria-labelledby={id} className="flex flex-col gap-4" data-skip-offscreen>
                <h2 id={id} className="flex gap-3 text-2xl font-bold tracking-tight text-balance">
                  <span className="text-primary tabular-nums" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <span>{heading}</span>
                </h2>
                {blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} path={path} />
                ))}
              </section>
            ))}
          </div>
          <ContactBox document={doc} />
        </div>
      </div>
    </article>
  );
}

function Block({ block, path }: { block: LegalBlock; path: string }) {
  const prose = "text-base leading-7 text-muted-foreground sm:text-[1.0625rem] sm:leading-8";
  if (block.type === "paragraph") {
    return (
      <p className={prose}>
        <LegalText text={block.text} currentPath={path} />
      </p>
    );
  }
  return (
    <ul className={cn(prose, "flex list-disc flex-col gap-2 pl-6 marker:text-primary")}>
      {block.items.map((item) => (
        <li key={item} className="pl-1">
          <LegalText text={item} currentPath={path} />
        </li>
      ))}
    </ul>
  );
}

// The section being read is marked `aria-current="location"` by the page
// script (app/page/active-section.ts); the style follows the attribute.
function TocLinks({ entries }: { entries: TocEntry[] }) {
  return (
    <ol className="flex flex-col text-sm">
      {entries.map((entry, index) => {
        return (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className={cn(
                "flex gap-2 rounded-md border-l-2 border-transparent py-1.5 pr-2 pl-3 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
                "aria-[current=location]:border-primary aria-[current=location]:bg-accent aria-[current=location]:font-semibold aria-[current=location]:text-accent-foreground aria-[current=location]:hover:bg-accent aria-[current=location]:hover:text-accent-foreground",
              )}
            >
              <span className="w-5 shrink-0 text-right tabular-nums" aria-hidden="true">
                {index + 1}.
              </span>
              <span>{entry.heading}</span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}

// On a phone the contents come first but folded, so the text starts on the first screen.
function MobileToc({ entries }: { entries: TocEntry[] }) {
  return (
    <details className="group rounded-2xl border border-border bg-muted lg:hidden">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        <span>
          On this page <span className="font-normal text-muted-foreground">({entries.length} sections)</span>
        </span>
        <ChevronDownIcon className="size-5 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <nav aria-label="On this page" className="border-t border-border px-2 py-2">
        <TocLinks entries={entries} />
      </nav>
    </details>
  );
}

function DesktopToc({ entries }: { entries: TocEntry[] }) {
  return (
    <nav
      data-active-section-toc=""
      aria-labelledby="legal-toc-heading"
      className="sticky top-24 hidden max-h-[calc(100vh-8rem)] overflow-y-auto lg:block"
    >
      <p id="legal-toc-heading" className="mb-3 px-3 text-sm font-semibold tracking-wider uppercase">
        On this page
      </p>
      <TocLinks entries={entries} />
    </nav>
  );
}

function ContactBox({ document: doc }: { document: LegalDocumentData }) {
  const contact = legalContact(doc);
  const { address } = siteFacts;
  const linkClass =
    "inline-flex items-center gap-3 font-semibold text-primary underline-offset-4 hover:underline";
  const iconClass = "size-5 shrink-0 text-primary";
  return (
    // A named region, not an <aside>: complementary landmarks may not sit inside <main>.
    <section
      aria-labelledby="legal-contact-heading"
      className="mt-14 grid gap-6 rounded-2xl border border-border bg-card p-6 shadow-card sm:grid-cols-2 sm:gap-8 sm:p-8"
    >
      <div className="flex flex-col gap-2">
        <h2 id="legal-contact-heading" className="text-xl font-bold tracking-tight">
          {contact.heading}
        </h2>
        <p className="leading-relaxed text-muted-foreground">{contact.text}</p>
      </div>
      <ul className="flex flex-col gap-4">
        <li>
          <a href={`mailto:${contact.email}`} className={cn(linkClass, "wrap-anywhere")}>
            <MailIcon className={iconClass} aria-hidden="true" />
            {contact.email}
          </a>
        </li>
        <li>
          <a href={`tel:${siteFacts.phone.e164}`} className={linkClass}>
            <PhoneIcon className={iconClass} aria-hidden="true" />
            {siteFacts.phone.display}
          </a>
          <span className="ml-8 block text-sm text-muted-foreground">{siteFacts.hours}</span>
        </li>
        <li className="flex gap-3 text-muted-foreground">
          <MapPinIcon className={cn(iconClass, "mt-0.5")} aria-hidden="true" />
          <address className="not-italic">
            {siteFacts.legalName}
            <br />
            {address.street}
            <br />
            {address.city}, {address.region} {address.postalCode}
          </address>
        </li>
      </ul>
    </section>
  );
}
