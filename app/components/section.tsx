import type * as React from "react";
import { cn } from "#ui/cn";
import { withClaims } from "./claim-text";

/** A full-width page band with the site's content width and vertical rhythm. */
export function Section({
  className,
  containerClassName,
  children,
  tone = "default",
  ...props
}: React.ComponentProps<"section"> & {
  containerClassName?: string;
  tone?: "default" | "muted" | "ink";
}) {
  return (
    <section
      data-tone={tone}
      className={cn(
        "py-16 sm:py-24",
        tone === "muted" && "bg-muted",
        tone === "ink" && "bg-ink text-ink-foreground",
        className,
      )}
      {...props}
    >
      <div className={cn("mx-auto max-w-7xl px-4 sm:px-6 lg:px-8", containerClassName)}>{children}</div>
    </section>
  );
}

/** The words that open a section: eyebrow, heading and lead paragraph. */
export interface SectionIntro {
  eyebrow?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
}

/** Eyebrow, heading and lead paragraph that open a section. */
export function SectionHeader({
  eyebrow,
  title,
  description,
  align = "center",
  headingId,
  as: Heading = "h2",
  className,
}: SectionIntro & {
  align?: "center" | "left";
  headingId?: string;
  as?: "h1" | "h2";
  className?: string;
}) {
  return (
    <div
      className={cn("flex max-w-3xl flex-col gap-3", align === "center" && "mx-auto text-center", className)}
    >
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wider text-primary uppercase in-data-[tone=ink]:text-highlight">
          {withClaims(eyebrow)}
        </p>
      )}
      <Heading id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {withClaims(title)}
      </Heading>
      {description && (
        <p className="text-lg leading-relaxed text-pretty text-muted-foreground in-data-[tone=ink]:text-ink-muted">
          {withClaims(description)}
        </p>
      )}
    </div>
  );
}

/**
 * A section that opens with its intro (SectionHeader, centred) and is named by
 * that heading: `headingId` is the heading's id and the section's
 * aria-labelledby.
 */
export function IntroducedSection({
  intro,
  headingId,
  children,
  ...props
}: React.ComponentProps<typeof Section> & { intro: SectionIntro; headingId: string }) {
  return (
    <Section {...props} aria-labelledby={headingId}>
      <SectionHeader
        eyebrow={intro.eyebrow}
        title={intro.title}
        description={intro.description}
        headingId={headingId}
      />
      {children}
    </Section>
  );
}
