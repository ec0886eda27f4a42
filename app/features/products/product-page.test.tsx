// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { products, type Product } from "~/content/products";
import { claimPlain } from "#domain/claims/text";
import { formatUsdRange } from "#domain/lib/format";
import { ProductBenefits } from "./product-benefits";
import { ProductEligibility } from "./product-eligibility";
import { ProductHero } from "./product-hero";
import { ProductProcess } from "./product-process";
import { renderPage, shownText } from "../../../test/support/site-pages/render";

function renderProductPage(product: Product) {
  renderPage(
    <>
      <ProductHero product={product} />
      <ProductBenefits product={product} />
      <ProductProcess product={product} />
      <ProductEligibility product={product} />
    </>,
    `/products/${product.slug}`,
  );
  return product;
}

describe.each(products)("$title page sections", (entry) => {
  it("shows the hero, benefits, process, requirements and disqualifiers", () => {
    const product = renderProductPage(entry);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(product.title);
    expect(screen.getByText(shownText(claimPlain(product.subtitle)))).toBeInTheDocument();
    expect(screen.getByText(formatUsdRange(product.range))).toBeInTheDocument();
    const chips = within(screen.getByRole("list", { name: "Key features" })).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual(product.chips.map(claimPlain));
    expect(screen.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/#funding-form");
    expect(screen.getByRole("button", { name: "Schedule Consultation" })).toBeInTheDocument();

    const h3s = screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    for (const benefit of product.benefits) expect(h3s).toContain(claimPlain(benefit.title));
    for (const step of product.steps) {
      expect(h3s).toContain(step.title);
      expect(screen.getAllByText(claimPlain(step.duration)).length).toBeGreaterThan(0);
    }
    for (const group of product.requirements) {
      expect(h3s).toContain(group.category);
      for (const item of group.items) expect(screen.getAllByText(item).length).toBeGreaterThan(0);
    }
    expect(h3s).toContain("Common disqualifiers");
    for (const item of product.disqualifiers) expect(screen.getAllByText(item).length).toBeGreaterThan(0);
  });
});
