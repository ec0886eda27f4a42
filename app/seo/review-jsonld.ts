import { figures } from "~/content/claims";
import type { Testimonial } from "~/content/testimonials";
import { organizationRef } from "./structured-data";

/**
 * The organization's rating and client reviews (home page). Same @id as the
 * Organization node on every page, so consumers merge the two.
 */
export function reviewJsonLd(testimonials: Testimonial[]) {
  return {
    "@context": "https://schema.org",
    ...organizationRef(),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: figures.averageRating,
      bestRating: figures.ratingScale,
      worstRating: 1,
      ratingCount: figures.businessesFunded,
    },
    review: testimonials.map((testimonial) => ({
      "@type": "Review",
      reviewRating: {
        "@type": "Rating",
        ratingValue: testimonial.rating,
        bestRating: figures.ratingScale,
        worstRating: 1,
      },
      author: {
        "@type": "Person",
        name: testimonial.name,
        jobTitle: testimonial.title,
        worksFor: { "@type": "Organization", name: testimonial.company },
      },
      reviewBody: testimonial.content,
    })),
  };
}
