import { QuoteIcon } from "lucide-react";
import { ClaimText } from "~/components/claim-text";
import { IntroducedSection } from "~/components/section";
import type { HomeContent } from "~/content/home";
import { StarRating } from "./star-rating";

/** Client stories: three founders, in their words. */
export function Testimonials({ intro, items, ratingScale, ratingClaim }: HomeContent["testimonials"]) {
  return (
    <IntroducedSection id="testimonials" intro={intro} headingId="testimonials-heading">
      <p className="mx-auto mt-6 flex w-fit flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-full border border-border bg-card px-4 py-2 text-sm font-medium shadow-sm">
        <StarRating rating={5} outOf={ratingScale} decorative />
        <span>
          <ClaimText text={ratingClaim} />
        </span>
      </p>
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {items.map((testimonial) => (
          <li key={testimonial.id}>
            <figure
              className="flex h-full flex-col gap-5 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8"
              data-skip-offscreen
            >
              <div className="flex items-center justify-between">
                <StarRating rating={testimonial.rating} outOf={ratingScale} />
                <QuoteIcon className="size-8 text-accent" aria-hidden="true" />
              </div>
              <blockquote className="flex-1 text-base leading-relaxed text-pretty">
                <p>
                  &ldquo;
                  <ClaimText text={testimonial.content} />
                  &rdquo;
                </p>
              </blockquote>
              <figcaption className="flex items-center gap-4 border-t border-border pt-5">
                <span
                  aria-hidden="true"
                  className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-2xl"
                >
                  {testimonial.image}
                </span>
                <span className="flex flex-col">
                  <span className="font-semibold">{testimonial.name}</span>
                  <span className="text-sm text-muted-foreground">{testimonial.title}</span>
                  <span className="text-sm font-medium text-accent-foreground">{testimonial.company}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </IntroducedSection>
  );
}
