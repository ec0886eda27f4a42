import { describe, expect, it } from "vitest";
import { testimonials } from "~/content/testimonials";
import { reviewJsonLd } from "./review-jsonld";
import { organizationRef } from "./structured-data";

describe("review JSON-LD", () => {
  const data = reviewJsonLd(testimonials);

  it("refers to the organization node by its @id", () => {
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@id"]).toBe(organizationRef()["@id"]);
    expect(data["@type"]).toBe("FinancialService");
  });

  it("carries the 4.9 of 5 aggregate rating from 200 clients", () => {
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.9,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 200,
    });
  });

  it("lists the three testimonials as five-star reviews by people", () => {
    expect(data.review).toHaveLength(3);
    data.review.forEach((review, index) => {
      expect(review["@type"]).toBe("Review");
      expect(review.reviewRating).toMatchObject({ "@type": "Rating", ratingValue: 5, bestRating: 5 });
      expect(review.author).toMatchObject({ "@type": "Person", name: testimonials[index].name });
      expect(review.reviewBody).toBe(testimonials[index].content);
    });
  });
});
