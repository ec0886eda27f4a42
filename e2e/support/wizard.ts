import { expect, type Page } from "@playwright/test";

export interface Applicant {
  companyName: string;
  email: string;
}

/** The application section; labels are looked up inside it (the footer has its own e-mail field). */
export const form = (page: Page) => page.locator("#funding-form");

export function uniqueApplicant(): Applicant {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { companyName: `Northwind Robotics ${tag}`, email: `founder+${tag}@northwind.example` };
}

/** Scrolls to the application so the wizard island wakes (its code loads on approach), and waits for it. */
export async function openWizard(page: Page) {
  await page.goto("/#funding-form");
  await page.locator("#funding-form").scrollIntoViewIfNeeded();
  await expect(form(page).locator("[data-island='wizard']")).toHaveAttribute("data-island-awake", "", {
    timeout: 15_000,
  });
}

export async function choose(page: Page, label: string, option: string | RegExp) {
  await form(page).getByLabel(label, { exact: false }).first().click();
  await page.getByRole("option", { name: option }).click();
}

export async function fillStepOne(page: Page, applicant: Applicant) {
  await form(page).getByLabel("Company Name").fill(applicant.companyName);
  await choose(page, "Industry", "Technology");
  await choose(page, "Annual Revenue", "$1M - $5M");
  await choose(page, "Years in Business", "Pre-revenue");
  await form(page).getByLabel("Business Description").fill("Warehouse robots for mid-size distributors.");
}

/** Step 2, for `fundingType` (an option's label; 0% Strategic Financing unless asked). */
export async function fillStepTwo(page: Page, fundingType: string | RegExp = /0% Strategic Financing/) {
  await choose(page, "Funding Type", fundingType);
  await form(page).getByLabel("Funding Amount").fill("250000");
  await choose(page, "Funding Purpose", "Business Expansion");
  await choose(page, "Timeframe", "Within 1 month");
}

export async function fillStepThree(page: Page, applicant: Applicant) {
  await form(page).getByLabel("First Name").fill("Ada");
  await form(page).getByLabel("Last Name").fill("Okafor");
  await form(page).getByLabel("Email Address").fill(applicant.email);
  await form(page).getByLabel("Phone Number").fill("+1 212 555 0199");
  await form(page).getByLabel("Job Title").fill("CEO");
  await choose(page, "Credit Score Range", "700-750");
}

export async function next(page: Page, expectedTitle: string) {
  await form(page).getByRole("button", { name: "Next" }).click();
  await expect(form(page).getByRole("heading", { name: expectedTitle, level: 3 })).toBeVisible();
}

/** Fills steps 1-3 and arrives on "Review & Submit" (`fundingType` as fillStepTwo takes it). */
export async function reachReview(page: Page, applicant: Applicant, fundingType?: string | RegExp) {
  await openWizard(page);
  await fillStepOne(page, applicant);
  await next(page, "Funding Details");
  await fillStepTwo(page, fundingType);
  await next(page, "Contact Information");
  await fillStepThree(page, applicant);
  await next(page, "Review & Submit");
}
