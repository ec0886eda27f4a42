// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "#ui/sonner";
import { track } from "~/lib/analytics";
import { DRAFT_KEY } from "./draft-store";
import { FundingWizard } from "./funding-wizard";
import { withPageScript } from "../../../test/support/site-pages/render";
import { HONEYPOT_FIELD, SMS_CONSENT_VERSION } from "#domain/application/schema";

// The site's analytics, watched: what the booking offer sends there (nothing personal).
vi.mock("~/lib/analytics", () => ({ track: vi.fn() }));

const BOOKING_URL = "https://booking.example.test/widget";
const REFERENCE = "HL-7K3M9QPX";
const BOOKING_TOKEN = "q7Xv2Lm9Pz4Kd8Rt1Wb6Ns3J";

const answers = {
  companyName: "Acme Robotics",
  industry: "real-estate",
  annualRevenue: "1m-5m",
  yearsInBusiness: "startup",
  businessDescription: "We build warehouse robots.",
  fundingType: "strategic-financing",
  fundingAmount: "250000",
  fundingPurpose: "debt-consolidation",
  timeframe: "2-3-months",
  firstName: "Jane",
  lastName: "Smith",
  email: "jane@acme.test",
  phone: "+1 212 555 0147",
  title: "Chief Executive Officer",
  creditScore: "700-750",
};

function renderWizard(bookingUrl = BOOKING_URL) {
  withPageScript();
  return render(
    <MemoryRouter>
      <FundingWizard bookingUrl={bookingUrl} />
      <Toaster />
    </MemoryRouter>,
  );
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const heading = (name: string) => screen.getByRole("heading", { level: 3, name });

async function choose(user: UserEvent, field: string, option: RegExp | string) {
  await user.click(screen.getByRole("combobox", { name: field }));
  await user.click(await screen.findByRole("option", { name: option }));
}

async function fillStep1(user: UserEvent) {
  await user.type(screen.getByRole("textbox", { name: "Company Name" }), answers.companyName);
  await choose(user, "Industry", "Real Estate");
  await choose(user, "Annual Revenue", "$1M - $5M");
  await choose(user, "Years in Business", "Pre-revenue");
  await user.type(screen.getByRole("textbox", { name: "Business Description" }), answers.businessDescription);
}

async function fillStep2(user: UserEvent) {
  await choose(user, "Funding Type", /^0% Strategic Financing/);
  await user.type(screen.getByRole("textbox", { name: "Funding Amount (USD)" }), answers.fundingAmount);
  await choose(user, "Funding Purpose", "Debt Consolidation");
  await choose(user, "Timeframe", "2-3 months");
}

async function fillStep3(user: UserEvent) {
  await user.type(screen.getByRole("textbox", { name: "First Name" }), answers.firstName);
  await user.type(screen.getByRole("textbox", { name: "Last Name" }), answers.lastName);
  await user.type(screen.getByRole("textbox", { name: "Email Address" }), answers.email);
  await user.type(screen.getByRole("textbox", { name: "Phone Number" }), answers.phone);
  await user.type(screen.getByRole("textbox", { name: "Job Title" }), answers.title);
  await choose(user, "Credit Score Range", "700-750");
}

const next = (user: UserEvent) => user.click(screen.getByRole("button", { name: /^Next/ }));

async function reachReview(user: UserEvent) {
  await fillStep1(user);
  await next(user);
  await screen.findByRole("heading", { name: "Funding Details" });
  await fillStep2(user);
  await next(user);
  await screen.findByRole("heading", { name: "Contact Information" });
  await fillStep3(user);
  await next(user);
  await screen.findByRole("heading", { name: "Review & Submit" });
}

const submitButton = () =>
  screen.getByRole("button", { name: /Confirm & Submit Application|Submitting Application/ });

async function consentAndSubmit(user: UserEvent) {
  const consent = screen.getByRole("checkbox");
  if (consent.getAttribute("aria-checked") !== "true") await user.click(consent);
  await user.click(submitButton());
}

describe("FundingWizard", () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn(async () =>
      jsonResponse(201, { id: "app_1", reference: REFERENCE, bookingToken: BOOKING_TOKEN }),
    );
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    // sonner keeps toasts in a module-level store; start each test with none.
    act(() => {
      toast.dismiss();
    });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts on step 1 with Previous disabled and a progress bar at 25%", () => {
    renderWizard();
    expect(heading("Company Information")).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 4")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByRole("button", { name: /Previous/ })).toBeDisabled();
    expect(document.activeElement).toBe(document.body);
  });

  it("shows the five step-1 messages on Next and stays on the step", async () => {
    const user = userEvent.setup();
    renderWizard();
    await next(user);
    for (const message of [
      "Company name must be at least 2 characters",
      "Please select an industry",
      "Please select annual revenue",
      "Please select years in business",
      "Please provide a description of your business",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(heading("Company Information")).toBeInTheDocument();
    expect(screen.queryByText("Please select funding type")).not.toBeInTheDocument();

    const company = screen.getByRole("textbox", { name: "Company Name" });
    expect(company).toHaveAttribute("aria-invalid", "true");
    expect(company).toHaveAccessibleDescription("Company name must be at least 2 characters");
    expect(screen.getByRole("combobox", { name: "Industry" })).toHaveAccessibleDescription(
      "Please select an industry",
    );

    // A message clears as its field is corrected.
    await user.type(company, "Acme");
    await waitFor(() =>
      expect(screen.queryByText("Company name must be at least 2 characters")).not.toBeInTheDocument(),
    );
  });

  it("advances to Funding Details after a valid step 1, moves focus to the heading and announces the step", async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillStep1(user);
    await next(user);
    const title = await screen.findByRole("heading", { name: "Funding Details" });
    expect(title).toHaveFocus();
    expect(screen.getByText("Step 2 of 4")).toBeInTheDocument();
    expect(screen.getByText("Step 2 of 4: Funding Details")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    expect(screen.getByText("Enter the amount in USD without commas or dollar signs")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Funding Amount (USD)" })).toHaveAttribute(
      "inputmode",
      "numeric",
    );

    await user.click(screen.getByRole("button", { name: /Previous/ }));
    expect(await screen.findByRole("heading", { name: "Company Information" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Company Name" })).toHaveValue(answers.companyName);
  });

  it("shows funding ranges as hints in the funding type list", async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillStep1(user);
    await next(user);
    await screen.findByRole("heading", { name: "Funding Details" });
    await user.click(screen.getByRole("combobox", { name: "Funding Type" }));
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getByRole("option", { name: /Revenue-Based Financing/ })).toHaveTextContent(
      "$100K-$5M",
    );
    expect(within(listbox).getByRole("option", { name: /0% Strategic Financing/ })).toHaveTextContent(
      "$25K-$500K",
    );
    expect(within(listbox).getAllByRole("option")).toHaveLength(9);
  });

  it("summarises every answer with labels and the amount in USD, and keeps submit disabled until consent", async () => {
    const user = userEvent.setup();
    renderWizard();
    await reachReview(user);

    for (const text of [
      "Acme Robotics",
      "Real Estate",
      "$1M - $5M",
      "Pre-revenue",
      "We build warehouse robots.",
      "0% Strategic Financing",
      "$250,000",
      "Debt Consolidation",
      "2-3 months",
      "Jane",
      "Smith",
      "jane@acme.test",
      "+1 212 555 0147",
      "Chief Executive Officer",
      "700-750",
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText("strategic-financing")).not.toBeInTheDocument();
    expect(screen.queryByText("startup")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Company" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Funding Details" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Contact" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Next/ })).not.toBeInTheDocument();

    const consent = screen.getByRole("checkbox", { name: /I agree to receive text messages/ });
    expect(consent).not.toBeChecked();
    expect(screen.getByRole("link", { name: /Terms of Service/ })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
    expect(screen.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/privacy-policy");

    expect(submitButton()).toBeDisabled();
    await user.click(consent);
    expect(submitButton()).toBeEnabled();
    await user.click(consent);
    expect(submitButton()).toBeDisabled();
  });

  it("submits the exact body, then thanks the visitor and starts over", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>(
          (resolve) =>
            (release = () =>
              resolve(jsonResponse(201, { id: "app_1", reference: REFERENCE, bookingToken: BOOKING_TOKEN }))),
        ),
    );
    renderWizard();
    await reachReview(user);
    await consentAndSubmit(user);

    expect(await screen.findByRole("button", { name: /Submitting Application\.\.\./ })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/applications");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    const body = JSON.parse(String(init.body));
    expect(body).toEqual({
      ...answers,
      smsConsent: true,
      submissionId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      consentVersion: SMS_CONSENT_VERSION,
      pageUrl: window.location.href,
      attribution: expect.any(Object),
      [HONEYPOT_FIELD]: "",
    });

    await act(async () => release());
    expect(await screen.findByText("Application Submitted Successfully!")).toBeInTheDocument();
    expect(
      screen.getByText("We'll review your application and get back to you within 24 hours."),
    ).toBeInTheDocument();
    // Back on step 1, emptied; focus is on the booking offer above it (its own tests are below).
    expect(await screen.findByRole("heading", { name: "Company Information" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your application is in" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Company Name" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Industry" })).toHaveTextContent("Select your industry");
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());

    // The next application gets a fresh submission id.
    await reachReview(user);
    await consentAndSubmit(user);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const second = JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body));
    expect(second.submissionId).not.toBe(body.submissionId);
  });

  it("keeps values and step on a server error, and a retry reuses the submission id", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: "boom" }));
    renderWizard();
    await reachReview(user);
    await consentAndSubmit(user);

    expect(await screen.findByText("Submission Error")).toBeInTheDocument();
    expect(
      screen.getByText("There was an error submitting your application. Please try again."),
    ).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    expect(heading("Review & Submit")).toBeInTheDocument();
    expect(screen.getByText("$250,000")).toBeInTheDocument();
    expect(screen.getByRole("checkbox")).toBeChecked();
    await waitFor(() => expect(submitButton()).toBeEnabled());

    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const ids = fetchMock.mock.calls.map(
      (call) => JSON.parse(String((call as [string, RequestInit])[1].body)).submissionId,
    );
    expect(ids[0]).toBe(ids[1]);
    expect(await screen.findByText("Application Submitted Successfully!")).toBeInTheDocument();
  });

  it("reports a network failure the same way", async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderWizard();
    await reachReview(user);
    await consentAndSubmit(user);
    expect(await screen.findByText("Submission Error")).toBeInTheDocument();
    expect(heading("Review & Submit")).toBeInTheDocument();
  });

  it("puts a 400's messages under their fields and opens the earliest step that has one", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        errors: { phone: "Please enter a valid phone number", fundingAmount: "Please enter funding amount" },
      }),
    );
    renderWizard();
    await reachReview(user);
    await consentAndSubmit(user);

    expect(await screen.findByText("Submission Error")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Funding Details" })).toHaveFocus();
    const amount = screen.getByRole("textbox", { name: "Funding Amount (USD)" });
    expect(amount).toHaveValue("250000");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Please enter funding amount")).toBeInTheDocument();
  });

  it("restores a draft after a remount, but never the consent", async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await fillStep1(user);
    await next(user);
    await screen.findByRole("heading", { name: "Funding Details" });
    await user.type(screen.getByRole("textbox", { name: "Funding Amount (USD)" }), "5000");
    first.unmount();

    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY)!);
    expect(stored).toMatchObject({
      version: 1,
      step: 2,
      values: { companyName: "Acme Robotics", fundingAmount: "5000" },
    });
    expect(stored.values).not.toHaveProperty("smsConsent");

    renderWizard();
    expect(await screen.findByRole("heading", { name: "Funding Details" })).not.toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Funding Amount (USD)" })).toHaveValue("5000");
    await user.click(screen.getByRole("button", { name: /Previous/ }));
    expect(screen.getByRole("textbox", { name: "Company Name" })).toHaveValue("Acme Robotics");
    expect(screen.getByRole("combobox", { name: "Years in Business" })).toHaveTextContent("Pre-revenue");
  });
  describe("the offer to book the call", () => {
    const offer = () => screen.getByRole("region", { name: "Your application is in" });

    it("opens the consultation dialog with the booking page prefilled: name, e-mail and booking token", async () => {
      const user = userEvent.setup();
      renderWizard();
      await reachReview(user);
      await consentAndSubmit(user);

      // The site's success toast and the emptied form, unchanged.
      expect(await screen.findByText("Application Submitted Successfully!")).toBeInTheDocument();
      expect(
        screen.getByText("We'll review your application and get back to you within 24 hours."),
      ).toBeInTheDocument();
      expect(heading("Company Information")).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "Company Name" })).toHaveValue("");

      expect(within(offer()).getByRole("heading", { name: "Your application is in" })).toHaveFocus();
      expect(offer()).toHaveTextContent(`Your reference number: ${REFERENCE}`);
      await user.click(within(offer()).getByRole("button", { name: "Book your call now" }));

      const dialog = await screen.findByRole("dialog", { name: "Schedule Your Consultation" });
      const src = new URL(dialog.querySelector("iframe")!.getAttribute("src")!);
      expect(`${src.origin}${src.pathname}`).toBe(BOOKING_URL);
      expect(Object.fromEntries(src.searchParams)).toEqual({
        name: "Jane Smith",
        email: answers.email,
        bookingToken: BOOKING_TOKEN,
      });

      // Analytics heard that the dialog opened, and nothing about who opened it.
      expect(track).toHaveBeenCalledWith("consultation_opened");
      const sent = JSON.stringify(vi.mocked(track).mock.calls);
      for (const personal of ["Jane", "Smith", answers.email, REFERENCE, BOOKING_TOKEN])
        expect(sent).not.toContain(personal);

      // Escape closes the dialog and gives focus back to the offer's button.
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(within(offer()).getByRole("button", { name: "Book your call now" })).toHaveFocus();
    });

    it("is gone with everything it knew once dismissed, and focus returns to step 1", async () => {
      const user = userEvent.setup();
      renderWizard();
      await reachReview(user);
      await consentAndSubmit(user);
      await user.click(
        await within(await screen.findByRole("region", { name: "Your application is in" })).findByRole(
          "button",
          {
            name: "Not now",
          },
        ),
      );

      expect(screen.queryByRole("region", { name: "Your application is in" })).toBeNull();
      expect(heading("Company Information")).toHaveFocus();
      expect(document.body).not.toHaveTextContent(REFERENCE);
      expect(document.querySelector("iframe")).toBeNull();
      // Nothing of the applicant is kept in the browser's storage either.
      await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).toBeNull());
      const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
      for (const personal of ["Jane", answers.email, REFERENCE, BOOKING_TOKEN])
        expect(stored).not.toContain(personal);
    });

    it("offers the booking without a reference or token when the answer has none", async () => {
      const user = userEvent.setup();
      fetchMock.mockResolvedValueOnce(
        jsonResponse(201, { id: "app_2", reference: null, bookingToken: null }),
      );
      renderWizard();
      await reachReview(user);
      await consentAndSubmit(user);
      expect(await screen.findByRole("region", { name: "Your application is in" })).not.toHaveTextContent(
        "reference number",
      );
      await user.click(screen.getByRole("button", { name: "Book your call now" }));
      const dialog = await screen.findByRole("dialog", { name: "Schedule Your Consultation" });
      const src = new URL(dialog.querySelector("iframe")!.getAttribute("src")!);
      expect([...src.searchParams.keys()]).toEqual(["name", "email"]);
    });

    it("is not offered without a booking page; focus goes to step 1 as before", async () => {
      const user = userEvent.setup();
      renderWizard("");
      await reachReview(user);
      await consentAndSubmit(user);
      expect(await screen.findByText("Application Submitted Successfully!")).toBeInTheDocument();
      expect(await screen.findByRole("heading", { name: "Company Information" })).toHaveFocus();
      expect(screen.queryByRole("region", { name: "Your application is in" })).toBeNull();
    });
  });
});
