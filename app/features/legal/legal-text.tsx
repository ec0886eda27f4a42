import { Fragment } from "react";
import { legalPagePath, legalPageSlugs, legalPageTitles } from "~/content/legal/slugs";
import { siteFacts } from "#domain/site-facts";
import { cn } from "#ui/cn";

const linkClass = "font-medium text-primary underline underline-offset-4 hover:text-primary-hover";
const emailPattern = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Legal copy is plain strings (content stays free of markup); e-mail addresses,
// our phone number and the names of the other legal pages become links here.
const otherDocuments = legalPageSlugs.map((slug) => ({
  title: legalPageTitles[slug],
  path: legalPagePath(slug),
}));
const tokenPattern = new RegExp(
  `(${[emailPattern, escape(siteFacts.phone.display), ...otherDocuments.map((doc) => escape(doc.title))].join("|")})`,
);

export function LegalText({ text, currentPath }: { text: string; currentPath: string }) {
  const parts = text.split(tokenPattern);
  return parts.map((part, index) => {
    // split() with one capture group puts the matches at the odd indexes.
    if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
    if (part === siteFacts.phone.display) {
      return (
        <a key={index} href={`tel:${siteFacts.phone.e164}`} className={linkClass}>
          {part}
        </a>
      );
    }
    const doc = otherDocuments.find((candidate) => candidate.title === part);
    if (doc) {
      return doc.path === currentPath ? (
        <Fragment key={index}>{part}</Fragment>
      ) : (
        <a key={index} href={doc.path} className={linkClass}>
          {part}
        </a>
      );
    }
    return (
      <a key={index} href={`mailto:${part}`} className={cn(linkClass, "wrap-break-word")}>
        {part}
      </a>
    );
  });
}
