// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { faqGroups, faqPageContent } from "~/content/faq";
import { siteFacts } from "~/content/site-facts";
import { FaqPage } from "./faq-page";

function renderFaq() {
  const router = createMemoryRouter([{ path: "/faq", element: <FaqPage content={faqPageContent} /> }], {
    initialEntries: ["/faq"],
  });
  return render(<RouterProvider router={router} />);
}

const trigger = (question: string) => screen.getByRole("button", { name: question });

describe("FAQ page", () => {
  it("renders the h1, the four groups as h2 and sixteen questions as h3", () => {
    renderFaq();
    expect(screen.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeInTheDocument();
    const groupHeadings = screen
      .getAllByRole("heading", { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => faqGroups.some((group) => group.title === text));
    expect(groupHeadings).toEqual([
      "Getting Started",
      "Application Process",
      "Terms & Repayment",
      "Security & Trust",
    ]);
    const questionHeadings = screen.getAllByRole("heading", { level: 3 });
    expect(questionHeadings).toHaveLength(16);
    for (const heading of questionHeadings) expect(within(heading).getByRole("button")).toBeInTheDocument();
  });

  it("starts with every answer closed", () => {
    renderFaq();
    for (const group of faqGroups) {
      for (const item of group.items)
        expect(trigger(item.question)).toHaveAttribute("aria-expanded", "false");
    }
  });

  it("keeps one answer open across the whole page, and collapses the open one on click", async () => {
    const user = userEvent.setup();
    renderFaq();
    const first = faqGroups[0].items[0];
    const sameGroup = faqGroups[0].items[1];
    const otherGroup = faqGroups[3].items[2];

    await user.click(trigger(first.question));
    expect(trigger(first.question)).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(first.answer)).toBeVisible();

    await user.click(trigger(sameGroup.question));
    expect(trigger(sameGroup.question)).toHaveAttribute("aria-expanded", "true");
    expect(trigger(first.question)).toHaveAttribute("aria-expanded", "false");

    // Opening an item in another group closes the one open in the first group.
    await user.click(trigger(otherGroup.question));
    expect(trigger(otherGroup.question)).toHaveAttribute("aria-expanded", "true");
    expect(trigger(sameGroup.question)).toHaveAttribute("aria-expanded", "false");
    expect(screen.getAllByRole("button", { expanded: true })).toHaveLength(1);

    await user.click(trigger(otherGroup.question));
    expect(trigger(otherGroup.question)).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryAllByRole("button", { expanded: true })).toHaveLength(0);
  });

  it("offers mailto and tel contact links", () => {
    renderFaq();
    expect(screen.getByRole("link", { name: siteFacts.email })).toHaveAttribute(
      "href",
      `mailto:${siteFacts.email}`,
    );
    expect(screen.getByRole("link", { name: siteFacts.phone.display })).toHaveAttribute(
      "href",
      `tel:${siteFacts.phone.e164}`,
    );
  });

  it("links each topic to its group", () => {
    renderFaq();
    const nav = screen.getByRole("navigation", { name: "FAQ topics" });
    for (const group of faqGroups) {
      const link = within(nav).getByRole("link", { name: new RegExp(group.title) });
      expect(link).toHaveAttribute("href", `#${group.id}`);
      expect(document.getElementById(group.id)).not.toBeNull();
    }
  });
});
