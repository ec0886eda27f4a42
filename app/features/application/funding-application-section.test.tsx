// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { islandRoot } from "~/islands/hydrate";
import { startIslands } from "~/islands/loader";
import { stubIntersectionObserver } from "../../../test/support/islands";
import { FundingApplicationSection } from "./funding-application-section";

vi.mock("~/lib/analytics", () => ({ track: vi.fn() }));

/** The section as the home page's HTML has it, in the document. */
function prerenderSection() {
  document.body.innerHTML = renderToString(<FundingApplicationSection />);
  return document.querySelector<HTMLElement>('[data-island="wizard"]')!;
}

describe("FundingApplicationSection", () => {
  afterEach(() => {
    const island = document.querySelector('[data-island="wizard"]');
    if (island) islandRoot(island)?.unmount();
    document.body.innerHTML = "";
    localStorage.clear();
  });

  it("prerenders the heading and step 1's real fields inside the wizard island", () => {
    const html = renderToString(<FundingApplicationSection />);
    expect(html).toContain('id="funding-form"');
    expect(html).toContain("Start Your Funding Application");
    expect(html).toContain('Apply in about <span data-claim="application-time">10 minutes</span>');
    expect(html).toContain('data-island="wizard"');
    document.body.innerHTML = html;
    const island = document.querySelector<HTMLElement>('[data-island="wizard"]')!;
    expect(
      within(island).getByRole("heading", { level: 3, name: "Company Information" }),
    ).toBeInTheDocument();
    expect(within(island).getByText("Step 1 of 4")).toBeInTheDocument();
    expect(within(island).getByRole("textbox", { name: "Company Name" })).toBeInTheDocument();
    expect(within(island).getByRole("combobox", { name: "Industry" })).toBeInTheDocument();
  });

  it("wakes the wizard when the section comes near the viewport", async () => {
    const io = stubIntersectionObserver();
    const island = prerenderSection();
    startIslands(document);
    expect(island).not.toHaveAttribute("data-island-awake");

    io.intersect();
    await waitFor(() => expect(island).toHaveAttribute("data-island-awake"), { timeout: 10_000 });
    expect(screen.getByRole("heading", { level: 3, name: "Company Information" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    // The toast region comes with the awake wizard, not with the page.
    expect(
      document.querySelector("[data-sonner-toaster], section[aria-label^='Notifications']"),
    ).not.toBeNull();
  });
});
