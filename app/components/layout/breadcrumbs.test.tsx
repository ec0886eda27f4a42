// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { products } from "~/content/products";
import { Breadcrumbs } from "./breadcrumbs";

test.each(products.map((product) => [product.slug, product.title]))(
  "the %s trail reads Home > %s with the current page not a link",
  (_slug, title) => {
    render(
      <MemoryRouter>
        <Breadcrumbs items={[{ label: title }]} />
      </MemoryRouter>,
    );
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(trail).toHaveTextContent(`Home${title}`);
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("link", { name: title })).toBeNull();
    expect(screen.getByText(title)).toHaveAttribute("aria-current", "page");
  },
);
