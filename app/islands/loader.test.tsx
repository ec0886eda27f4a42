// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FundingWizardIsland } from "~/features/application/funding-wizard";
import { saveDraft } from "~/features/application/draft-store";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { controlledImport, prerenderIsland, stubIntersectionObserver } from "../../test/support/islands";
import { startIslands } from "./loader";

vi.mock("~/lib/analytics", () => ({ track: vi.fn() }));

const newsletterCode = () => import("./newsletter.client");
const wizardCode = () => import("./wizard.client");

const awake = (island: HTMLElement) => waitFor(() => expect(island).toHaveAttribute("data-island-awake"));

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  // Waking matches the prerendered HTML: React reports no mismatch.
  expect(consoleError).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the newsletter island", () => {
  it("prerenders a real form and loads no code until the visitor reaches for it", async () => {
    stubIntersectionObserver();
    const island = prerenderIsland("newsletter", NewsletterForm, {});
    const code = controlledImport(newsletterCode);
    startIslands(document, { newsletter: code.load });

    const field = within(island).getByRole("textbox", { name: "Email address" });
    expect(within(island).getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(code.load).not.toHaveBeenCalled();

    fireEvent.focusIn(field);
    expect(code.load).toHaveBeenCalledTimes(1);
    expect(island).not.toHaveAttribute("data-island-awake");
    await code.arrive();
    await awake(island);
    expect(code.wake).toHaveBeenCalledTimes(1);
  });

  it.each(["pointerdown", "touchstart"] as const)("wakes on %s inside it", async (type) => {
    const island = prerenderIsland("newsletter", NewsletterForm, {});
    const code = controlledImport(newsletterCode);
    startIslands(document, { newsletter: code.load });
    fireEvent.pointerDown(document.body);
    expect(code.load).not.toHaveBeenCalled();

    fireEvent(within(island).getByRole("button", { name: "Subscribe" }), new Event(type, { bubbles: true }));
    expect(code.load).toHaveBeenCalledTimes(1);
    await code.arrive();
    await awake(island);
  });

  it("holds a submit pressed before waking and replays it exactly once, with what was typed", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const island = prerenderIsland("newsletter", NewsletterForm, {});
    const code = controlledImport(newsletterCode);
    startIslands(document, { newsletter: code.load });

    // Typed and sent before any code has arrived (focus starts the load).
    const field = within(island).getByRole<HTMLInputElement>("textbox", { name: "Email address" });
    field.value = "jane@acme.test";
    const form = field.form!;
    const defaultPrevented = !fireEvent.submit(form);
    expect(defaultPrevented).toBe(true);
    fireEvent.submit(form);
    expect(code.load).toHaveBeenCalledTimes(1);

    await code.arrive();
    expect(await screen.findByText(/Check your inbox: we sent a link to jane@acme.test/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ email: "jane@acme.test" });
  });

  it("shows the form's own message for a bad address sent before waking", async () => {
    const island = prerenderIsland("newsletter", NewsletterForm, {});
    const code = controlledImport(newsletterCode);
    startIslands(document, { newsletter: code.load });
    const field = within(island).getByRole<HTMLInputElement>("textbox", { name: "Email address" });
    field.value = "not-an-address";
    fireEvent.click(within(island).getByRole("button", { name: "Subscribe" }));

    await code.arrive();
    await awake(island);
    await waitFor(() => expect(within(island).getByRole("alert")).not.toBeEmptyDOMElement());
    expect(field).toHaveValue("not-an-address");
    expect(field).toHaveAttribute("aria-invalid", "true");
  });

  it("stays a usable form when its code fails to load, and tries again on the next intent", async () => {
    const user = userEvent.setup();
    const island = prerenderIsland("newsletter", NewsletterForm, {});
    const code = controlledImport(newsletterCode);
    startIslands(document, { newsletter: code.load });
    const field = within(island).getByRole<HTMLInputElement>("textbox", { name: "Email address" });

    fireEvent.focusIn(field);
    code.fail();
    await waitFor(() => expect(island).toHaveAttribute("data-island-failed"));
    expect(island).not.toHaveAttribute("data-island-awake");
    await user.type(field, "jane@acme.test");
    expect(field).toHaveValue("jane@acme.test");

    fireEvent.pointerDown(field);
    expect(code.load).toHaveBeenCalledTimes(2);
    await code.arrive();
    await awake(island);
    expect(island).not.toHaveAttribute("data-island-failed");
    expect(field).toHaveValue("jane@acme.test");
  });

  it("is hydrated once, however many intents come", async () => {
    const island = prerenderIsland("newsletter", NewsletterForm, {});
    const code = controlledImport(newsletterCode);
    startIslands(document, { newsletter: code.load });
    startIslands(document, { newsletter: code.load });
    const field = within(island).getByRole("textbox", { name: "Email address" });
    fireEvent.focusIn(field);
    fireEvent.pointerDown(field);
    await code.arrive();
    await awake(island);
    fireEvent.focusIn(field);
    fireEvent.pointerDown(field);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(code.load).toHaveBeenCalledTimes(1);
    expect(code.wake).toHaveBeenCalledTimes(1);
  });
});

describe("the wizard island", () => {
  const wizard = () => prerenderIsland("wizard", FundingWizardIsland, { bookingUrl: "" });

  it("prerenders step 1 as real, focusable fields", () => {
    const island = wizard();
    expect(
      within(island).getByRole("heading", { level: 3, name: "Company Information" }),
    ).toBeInTheDocument();
    for (const name of ["Company Name", "Business Description"]) {
      const field = within(island).getByRole("textbox", { name });
      field.focus();
      expect(field).toHaveFocus();
    }
    expect(within(island).getByRole("combobox", { name: "Industry" })).toBeInTheDocument();
    expect(within(island).getByRole("button", { name: /Next/ })).toHaveAttribute("type", "submit");
  });

  it("wakes when it comes within about a screen of the viewport, not before", async () => {
    const io = stubIntersectionObserver();
    const island = wizard();
    const code = controlledImport(wizardCode);
    startIslands(document, { wizard: code.load });
    expect(code.load).not.toHaveBeenCalled();
    expect(io.observers[0].options?.rootMargin).toBe("100% 0px");

    io.intersect();
    expect(code.load).toHaveBeenCalledTimes(1);
    await code.arrive();
    await awake(island);
    io.intersect();
    expect(code.load).toHaveBeenCalledTimes(1);
  });

  it("keeps what was typed before waking, over a saved draft, and answers an early Next", async () => {
    saveDraft(localStorage, { step: 3, values: { companyName: "Draft Co", firstName: "Jane" } });
    const island = wizard();
    const code = controlledImport(wizardCode);
    startIslands(document, { wizard: code.load });

    const company = within(island).getByRole<HTMLInputElement>("textbox", { name: "Company Name" });
    fireEvent.focusIn(company);
    company.value = "Acme Robotics";
    fireEvent.click(within(island).getByRole("button", { name: /Next/ }));

    await code.arrive();
    await awake(island);
    expect(within(island).getByRole("textbox", { name: "Company Name" })).toHaveValue("Acme Robotics");
    // The held Next ran once: step 1's other fields are flagged, the typed one is not.
    await waitFor(() =>
      expect(within(island).getByRole("combobox", { name: "Industry" })).toHaveAttribute(
        "aria-invalid",
        "true",
      ),
    );
    expect(company).not.toHaveAttribute("aria-invalid");
    expect(
      within(island).getByRole("heading", { level: 3, name: "Company Information" }),
    ).toBeInTheDocument();
  });

  it("keeps what was typed in every step-1 text field while it woke", async () => {
    const island = wizard();
    const code = controlledImport(wizardCode);
    startIslands(document, { wizard: code.load });
    const company = within(island).getByRole<HTMLInputElement>("textbox", { name: "Company Name" });
    const description = within(island).getByRole<HTMLTextAreaElement>("textbox", {
      name: "Business Description",
    });
    fireEvent.focusIn(company);
    company.value = "Acme Robotics";
    description.value = "We build warehouse robots.";

    await code.arrive();
    await awake(island);
    expect(company).toHaveValue("Acme Robotics");
    expect(description).toHaveValue("We build warehouse robots.");
    // React holds them too: Next flags only the fields left empty.
    fireEvent.click(within(island).getByRole("button", { name: /Next/ }));
    await waitFor(() =>
      expect(within(island).getByRole("combobox", { name: "Industry" })).toHaveAttribute(
        "aria-invalid",
        "true",
      ),
    );
    expect(company).not.toHaveAttribute("aria-invalid");
    expect(description).not.toHaveAttribute("aria-invalid");
  });

  it("restores a saved draft once awake when nothing was typed", async () => {
    saveDraft(localStorage, { step: 1, values: { companyName: "Draft Co" } });
    const island = wizard();
    const code = controlledImport(wizardCode);
    startIslands(document, { wizard: code.load });
    fireEvent.focusIn(within(island).getByRole("textbox", { name: "Company Name" }));
    await code.arrive();
    await awake(island);
    await waitFor(() =>
      expect(within(island).getByRole("textbox", { name: "Company Name" })).toHaveValue("Draft Co"),
    );
  });
});
