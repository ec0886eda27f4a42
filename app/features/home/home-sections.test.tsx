// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { homeContent } from "~/content/home";
import { claims, valueProps } from "~/content/claims";
import { institutions } from "~/content/institutions";
import { processSteps, processSummary } from "~/content/process";
import { testimonials } from "~/content/testimonials";
import { AboutSection } from "./about-section";
import { Hero } from "./hero";
import { HowItWorks } from "./how-it-works";
import { Testimonials } from "./testimonials";
import { claimPlain } from "#domain/claims/text";
import { renderPage, shownText } from "../../../test/support/site-pages/render";

function renderHome() {
  return renderPage(
    <>
      <Hero
        hero={homeContent.hero}
        valueProps={homeContent.valueProps}
        dashboard={homeContent.dashboard}
        institutions={homeContent.institutions}
      />
      <AboutSection about={homeContent.about} claims={homeContent.claims} />
      <HowItWorks {...homeContent.process} />
      <Testimonials {...homeContent.testimonials} />
    </>,
  );
}

function section(id: string) {
  const element = document.getElementById(id);
  expect(element, `#${id}`).not.toBeNull();
  return element!;
}

describe("home sections", () => {
  it("renders the hero with its headline, actions, value props and trust strip", () => {
    renderHome();
    expect(
      screen.getByRole("heading", { level: 1, name: "Scale your business without limits" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Get Funding Now" })).toHaveAttribute("href", "/#funding-form");
    expect(screen.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/#products");
    const hero = screen.getByRole("region", { name: "Scale your business without limits" });
    for (const prop of valueProps)
      expect(within(hero).getByText(shownText(claimPlain(prop)))).toBeInTheDocument();
    expect(within(hero).getByText("Growth capital in 3 weeks")).toHaveAttribute(
      "data-claim",
      "funding-speed",
    );
    const dashboard = screen.getByRole("figure", { name: "Illustrative client dashboard" });
    expect(within(dashboard).getByText("$847K")).toBeInTheDocument();
    expect(within(dashboard).getByText("127%")).toBeInTheDocument();
    expect(within(dashboard).getByText(/\$2\.5M growth round closed/)).toBeInTheDocument();
    for (const institution of institutions) expect(screen.getByText(institution.name)).toBeInTheDocument();
  });

  it("renders #about-us with its heading and every claim", () => {
    renderHome();
    const about = section("about-us");
    expect(within(about).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Capital for founders who intend to keep control",
    );
    for (const claim of claims) {
      const shown = within(about).getAllByText(claimPlain(claim.value));
      expect(shown.map((element) => element.dataset.claim)).toContain(claim.id);
      expect(within(about).getByText(claim.label)).toBeInTheDocument();
    }
    expect(within(about).getByText(shownText("Decision in 48 hours"))).toBeInTheDocument();
    expect(within(about).getByText(shownText("Review in 24 hours"))).toBeInTheDocument();
  });

  it("renders #how-it-works with four numbered steps and their timelines", () => {
    renderHome();
    const how = section("how-it-works");
    expect(within(how).getByRole("heading", { level: 2 })).toHaveTextContent(
      "A clear path from application to funding",
    );
    const steps = within(how).getAllByRole("listitem");
    expect(steps).toHaveLength(4);
    processSteps.forEach((step, index) => {
      expect(within(steps[index]).getByRole("heading", { level: 3 })).toHaveTextContent(
        `Step ${step.number}: ${step.title}`,
      );
      expect(within(steps[index]).getByText(claimPlain(step.timeline))).toHaveAttribute(
        "data-claim",
        "process-timeline",
      );
    });
    expect(within(how).getByText(shownText(claimPlain(processSummary)))).toBeInTheDocument();
    expect(within(how).getByRole("link", { name: /start your application/i })).toHaveAttribute(
      "href",
      "/#funding-form",
    );
  });

  it("renders #testimonials with three five-star quotes", () => {
    renderHome();
    const stories = section("testimonials");
    expect(within(stories).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Founders who funded growth on their own terms",
    );
    const figures = within(stories).getAllByRole("figure");
    expect(figures).toHaveLength(3);
    testimonials.forEach((testimonial, index) => {
      const card = figures[index];
      expect(within(card).getByText("Rated 5 out of 5")).toBeInTheDocument();
      expect(within(card).getByText(testimonial.name)).toBeInTheDocument();
      expect(within(card).getByText(testimonial.title)).toBeInTheDocument();
      expect(within(card).getByText(testimonial.company)).toBeInTheDocument();
      expect(
        within(card).getByText(new RegExp(claimPlain(testimonial.content).slice(0, 40))),
      ).toBeInTheDocument();
      // The emoji avatar is decorative: hidden from assistive tech.
      expect(within(card).getByText(testimonial.image)).toHaveAttribute("aria-hidden", "true");
    });
  });

  it("keeps headings in order: one h1, then h2 sections", () => {
    renderHome();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const levels = screen.getAllByRole("heading").map((heading) => Number(heading.tagName.slice(1)));
    for (let index = 1; index < levels.length; index++) {
      expect(levels[index] - levels[index - 1]).toBeLessThanOrEqual(1);
    }
  });
});
