// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FundingApplicationSection } from "./funding-application-section";

let intersect: ((entries: Partial<IntersectionObserverEntry>[]) => void) | undefined;

class IntersectionObserverStub {
  constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    intersect = callback;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

function section() {
  return (
    <MemoryRouter>
      <FundingApplicationSection />
    </MemoryRouter>
  );
}

describe("FundingApplicationSection", () => {
  beforeEach(() => {
    intersect = undefined;
    localStorage.clear();
    vi.stubGlobal("IntersectionObserver", IntersectionObserverStub);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("prerenders the heading and a step-1 placeholder, without the form", () => {
    const html = renderToString(section());
    expect(html).toContain('id="funding-form"');
    expect(html).toContain("Start Your Funding Application");
    expect(html).toContain("Apply in about 10 minutes");
    expect(html).toContain("Company Information");
    expect(html).toContain("Step 1 of 4");
    expect(html).not.toContain("<input");
    expect(html).not.toContain("<form");
  });

  it("loads the wizard when the section comes near the viewport", async () => {
    render(section());
    expect(
      screen.getByRole("heading", { level: 2, name: "Start Your Funding Application" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Company Information" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();

    act(() => intersect?.([{ isIntersecting: true }]));
    expect(
      await screen.findByRole("textbox", { name: "Company Name" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Company Information" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
  });
});
