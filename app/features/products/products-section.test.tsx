// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { ContentIconProvider } from "~/components/content-icon";
import { contentIcons } from "~/content/content-icons.server";
import { contentIconNames, type ContentIconSet } from "~/content/icons";
import { productCards, products, productsSectionCopy } from "~/content/products";
import { formatUsdRange } from "#domain/lib/format";
import { ProductsSection } from "./products-section";

let icons: ContentIconSet;
beforeAll(async () => {
  icons = await contentIcons(contentIconNames);
});

function renderSection() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <ContentIconProvider icons={icons}>
            <ProductsSection products={productCards()} copy={productsSectionCopy} />
          </ContentIconProvider>
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  return render(<RouterProvider router={router} />);
}

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
      for (const feature of product.features) expect(within(card).getByText(feature)).toBeInTheDocument();
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
    await user.click(screen.getByRole("button", { name: "Compare All Options" }));
    const dialog = await screen.findByRole("dialog", { name: "Compare funding options" });
    const table = within(dialog).getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(6);
    products.forEach((product, index) => {
      const row = within(rows[index]);
      expect(row.getByRole("rowheader")).toHaveTextContent(product.title);
      expect(row.getByText(formatUsdRange(product.range))).toBeInTheDocument();
      expect(row.getByText(product.typicalSpeed)).toBeInTheDocument();
      expect(row.getByRole("link")).toHaveAttribute("href", `/products/${product.slug}`);
    });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
