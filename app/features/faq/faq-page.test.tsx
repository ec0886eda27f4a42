// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { faqGroups, faqPageContent } from "~/content/faq";
import { siteFacts } from "#domain/site-facts";
import { FaqPage } from "./faq-page";
import { renderPage } from "../../../test/support/site-pages/render";

const renderFaq = () => renderPage(<FaqPage content={faqPageContent} />, "/faq");

/** The disclosure (<details>) that holds a question. */
const item = (question: string) =>
  screen.getByRole("heading", { level: 3, name: question }).closest("details");

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
    // Each question heading sits in its disclosure's summary, the control that opens it.
    for (const heading of questionHeadings) expect(heading.closest("summary")).not.toBeNull();
  });

  it("starts with every answer closed, all sixteen in one group so only one opens at a time", () => {
    renderFaq();
    for (const group of faqGroups) {
      for (const { question } of group.items) {
        expect(item(question)).not.toHaveAttribute("open");
        // Disclosures sharing a name are one exclusive group (the browser's
        // behaviour, checked in Chromium by e2e/navigation.spec.ts).
        expect(item(question)).toHaveAttribute("name", "faq");
      }
    }
  });

  it("shows an answer once its question is opened", async () => {
    const user = userEvent.setup();
    renderFaq();
    const first = faqGroups[0].items[0];
    expect(screen.getByText(first.answer)).not.toBeVisible();
    await user.click(screen.getByRole("heading", { level: 3, name: first.question }));
    expect(item(first.question)).toHaveAttribute("open");
    expect(screen.getByText(first.answer)).toBeVisible();
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

  it("ends with a link to how the site counts its figures", () => {
    renderFaq();
    expect(screen.getByRole("link", { name: "How we count" })).toHaveAttribute("href", "/methodology");
  });
});
