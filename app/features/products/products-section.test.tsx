// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { productCards, products, productsSectionCopy } from "~/content/products";
import { formatUsdRange } from "#domain/lib/format";
import { claimPlain } from "#domain/claims/text";
import { ProductsSection } from "./products-section";
import { renderPage, shownText } from "../../../test/support/site-pages/render";

const renderSection = () =>
  renderPage(<ProductsSection products={productCards()} copy={productsSectionCopy} />);

describe("ProductsSection", () => {
  it("shows six product cards, each with its range, features and a link to its page", () => {
    const { container } = renderSection();
    expect(container.querySelector("section#products")).not.toBeNull();
    const headings = screen.getAllByRole("heading", { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(products.map((product) => product.title));
    for (const product of products) {
      const link = screen.getByRole("link", { name: `Explore ${product.title}` });
      expect(link).toHaveAttribute("href", `/products/${product.slug}`);
      const card = link.closest("[data-slot=card]") as HTMLElement;
      expect(within(card).getByText(formatUsdRange(product.range))).toBeInTheDocument();
      for (const feature of product.features)
        expect(within(card).getByText(shownText(claimPlain(feature)))).toBeInTheDocument();
    }
  });

  it("links Start Your Application to the form and Learn More to how it works", () => {
    renderSection();
    expect(screen.getByRole("link", { name: "Start Your Application" })).toHaveAttribute(
      "href",
      "/#funding-form",
    );
    expect(screen.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/#how-it-works");
  });

  it("Compare All Options opens a dialog listing all six products with their ranges", async () => {
    const user = userEvent.setup();
    renderSection();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const trigger = screen.getByRole("button", { name: "Compare All Options" });
    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Compare funding options" });
    const table = within(dialog).getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Product", "Funding range", "Typical time to fund", "Best for", "Details"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(6);
    products.forEach((product, index) => {
      const row = within(rows[index]);
      expect(row.getByRole("rowheader")).toHaveTextContent(product.title);
      expect(row.getByText(formatUsdRange(product.range))).toBeInTheDocument();
      expect(row.getByText(claimPlain(product.typicalSpeed))).toHaveAttribute(
        "data-claim",
        `speed-${product.slug}`,
      );
      expect(row.getByRole("link")).toHaveAttribute("href", `/products/${product.slug}`);
    });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Focus goes back to the button that opened it.
    expect(trigger).toHaveFocus();
  });
});
