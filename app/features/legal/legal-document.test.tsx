// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { legalDocuments, legalSectionId } from "~/content/legal";
import { siteFacts } from "#domain/site-facts";
import { LegalDocument } from "./legal-document";

function renderDocument(slug: string) {
  const doc = legalDocuments.find((candidate) => candidate.slug === slug)!;
  const Stub = createRoutesStub([{ path: `/${slug}`, Component: () => <LegalDocument document={doc} /> }]);
  render(<Stub initialEntries={[`/${slug}`]} />);
  return doc;
}

describe("LegalDocument", () => {
  it("shows the title once as h1, the date, the summary and one h2 per section", () => {
    const doc = renderDocument("privacy-policy");
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText("Last updated January 2024")).toBeInTheDocument();
    expect(screen.getByText(doc.summary)).toBeInTheDocument();
    for (const section of doc.sections) {
      const heading = screen.getByRole("heading", { level: 2, name: section.heading });
      expect(heading).toHaveAttribute("id", legalSectionId(section.heading));
    }
  });

  it("links every table-of-contents entry to its section anchor", () => {
    const doc = renderDocument("terms-of-service");
    const tocs = screen.getAllByRole("navigation", { name: "On this page" });
    expect(tocs.length).toBeGreaterThan(0);
    for (const toc of tocs) {
      const hrefs = within(toc)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href"));
      expect(hrefs).toEqual(doc.sections.map((section) => `#${legalSectionId(section.heading)}`));
    }
  });

  it("closes with a contact box with mailto and tel links", () => {
    renderDocument("cookie-policy");
    const box = screen.getByRole("region", { name: "Questions about your privacy?" });
    expect(within(box).getByRole("link", { name: siteFacts.privacyEmail })).toHaveAttribute(
      "href",
      `mailto:${siteFacts.privacyEmail}`,
    );
    expect(within(box).getByRole("link", { name: siteFacts.phone.display })).toHaveAttribute(
      "href",
      `tel:${siteFacts.phone.e164}`,
    );
  });

  it("links the other legal pages named in the text, but not the page itself", () => {
    renderDocument("cookie-policy");
    expect(screen.getAllByRole("link", { name: "Privacy Policy" })[0]).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    expect(screen.queryByRole("link", { name: "Cookie Policy" })).not.toBeInTheDocument();
  });
});
