// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { textingPageContent } from "~/content/texting";
import { footerColumns } from "~/content/navigation";
import { SMS_CONSENT_VERSION, smsConsentText } from "#domain/application/schema";
import { applicationSteps } from "#domain/application/steps";
import { siteFacts } from "#domain/site-facts";
import { TextingPage } from "./texting-page";
import { renderPage } from "../../../test/support/site-pages/render";

const renderTexting = () => renderPage(<TextingPage content={textingPageContent} />, "/texting");
const part = (name: string) => screen.getByRole("heading", { level: 2, name }).closest("section")!;

describe("the texting opt-in page", () => {
  it("shows the application's own consent sentence, word for word, and its version", () => {
    renderTexting();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Text messages from us");
    const consent = part("What you agree to");
    expect(within(consent).getByTestId("sms-consent-text").textContent).toBe(smsConsentText);
    expect(smsConsentText).toContain(siteFacts.brand);
    expect(consent).toHaveTextContent(`Consent text version ${SMS_CONSENT_VERSION}`);
  });

  it("says where it appears: the step and its title, the checkbox, the button", () => {
    renderTexting();
    const where = part("Where you see it");
    const last = applicationSteps.length;
    expect(where).toHaveTextContent(`On step ${last} of ${last}, ${applicationSteps[last - 1].title}`);
    expect(where).toHaveTextContent("answer the first 3 steps, including your phone number");
    expect(where).toHaveTextContent("Confirm & Submit Application");
    expect(within(where).getByRole("link", { name: "funding application" })).toHaveAttribute(
      "href",
      "/#funding-form",
    );
  });

  it("gives help (reply HELP, the provider's phone and e-mail) and how to stop (reply STOP, the opt-out form)", () => {
    renderTexting();
    const help = part("Help");
    expect(help).toHaveTextContent("Reply HELP");
    expect(within(help).getByRole("link", { name: siteFacts.phone.display })).toHaveAttribute(
      "href",
      `tel:${siteFacts.phone.e164}`,
    );
    expect(within(help).getByRole("link", { name: siteFacts.email })).toHaveAttribute(
      "href",
      `mailto:${siteFacts.email}`,
    );
    const stop = part("How to stop");
    expect(stop).toHaveTextContent("Reply STOP to any text from us");
    expect(within(stop).getByRole("link", { name: "opt-out form" })).toHaveAttribute("href", "/opt-out");
    expect(within(stop).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
  });

  it("is in the footer's legal column, after the three legal pages", () => {
    const legal = footerColumns.find((column) => column.title === "Legal")!;
    expect(legal.links.at(-1)).toEqual({ label: "Text Messages", href: "/texting" });
    expect(legal.links.map((item) => item.label).slice(0, 3)).toEqual([
      "Privacy Policy",
      "Terms of Service",
      "Cookie Policy",
    ]);
  });
});
