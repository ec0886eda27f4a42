// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { methodologyGroupOf, methodologyPageContent } from "~/content/methodology";
import { claimRecord, claimRegister } from "#domain/claims/register";
import { MethodologyPage } from "./methodology-page";
import { renderPage } from "../../../test/support/site-pages/render";

const renderMethodology = () =>
  renderPage(<MethodologyPage content={methodologyPageContent} />, "/methodology");

describe("the methodology page", () => {
  it("lists every claim once, under the four groups", () => {
    renderMethodology();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining([
        "Company figures",
        "Promises about time",
        "Product terms",
        "Ratings and testimonials",
      ]),
    );
    const listed = [...document.querySelectorAll("h3 [data-claim]")].map((element) =>
      element.getAttribute("data-claim"),
    );
    expect(listed.toSorted()).toEqual(claimRegister.map((record) => record.id).toSorted());
  });

  it("puts each claim in a sensible group", () => {
    expect(methodologyGroupOf("businesses-funded")).toBe("company-figures");
    expect(methodologyGroupOf("decision-time")).toBe("time");
    expect(methodologyGroupOf("step-sba-loans-2")).toBe("time");
    expect(methodologyGroupOf("terms-sba-loans-down-payment")).toBe("product-terms");
    expect(methodologyGroupOf("range-growth-capital")).toBe("product-terms");
    expect(methodologyGroupOf("average-rating")).toBe("ratings-testimonials");
    expect(methodologyGroupOf("testimonial-closed-in-18-days")).toBe("ratings-testimonials");
  });

  it("says what a claim counts, its source and when it is next reviewed", () => {
    renderMethodology();
    const rating = claimRecord("average-rating");
    const entry = within(document.getElementById("claim-average-rating")!);
    expect(entry.getByRole("heading", { level: 3 })).toHaveTextContent(rating.wording);
    for (const words of [
      rating.meaning.numerator,
      rating.meaning.denominator,
      rating.meaning.population,
      `by ${rating.reviewBy}`,
      rating.source!.name,
      String(rating.source!.count),
    ])
      expect(entry.getByText(words)).toBeInTheDocument();
  });
});
