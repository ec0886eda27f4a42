// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LINK_INVALID } from "#domain/documents/room-requests";
import { roomStatus } from "#domain/documents/room-status";
import type { RoomItemView, RoomView } from "#domain/documents/room-view";
import { DocumentRoom } from "./document-room";
import { RoomStatusPanel } from "./room-status-panel";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE";
const ENDED =
  "Your session in the document room has ended. Ask for a new link by e-mail, or open the link you have again.";
const LINKS_SENT =
  "If this address has applications with us, a new link to each one's document room is on its way to it. It can take a few minutes to arrive.";

const item = (overrides: Partial<RoomItemView>): RoomItemView => ({
  id: crypto.randomUUID(),
  name: "Business bank statement: March 2026",
  why: "The statement for the month, every page.",
  state: "missing",
  stateLabel: "Needed",
  reason: null,
  documents: [],
  ...overrides,
});

function roomWith(
  checklist: RoomItemView[],
  decision: { dueAt: string; decidedAt?: string } | null = null,
): RoomView {
  return {
    reference: "HL-7K3M9QPX",
    fundingType: "Revenue-Based Financing",
    submittedAt: "2026-12-01T15:00:00.000Z",
    status: roomStatus({
      workStatus: "contacted",
      closeReason: null,
      reviewDueAt: "2026-12-02T15:00:00.000Z",
      firstTouchedAt: "2026-12-01T18:30:00.000Z",
      decisionDueAt: decision?.dueAt ?? null,
      decidedAt: decision?.decidedAt ?? null,
      itemStates: checklist.map((entry) => entry.state),
    }),
    limits: { maxFileBytes: 25e6, maxApplicationBytes: 250e6 },
    checklist,
  };
}

const statement = item({});
const check = item({
  name: "Voided business check",
  state: "needs-attention",
  stateLabel: "Needs your attention",
  reason: "The routing number is cut off; please send the whole check.",
  documents: [
    {
      id: crypto.randomUUID(),
      fileName: "check.jpg",
      size: 820_000,
      type: "image/jpeg",
      uploadedAt: "2026-12-01T16:00:00.000Z",
      held: false,
      needsPassword: false,
      checking: false,
    },
  ],
});
const id = item({ name: "Photo ID", state: "accepted", stateLabel: "Accepted" });
const locked = item({
  name: "Business bank statement: April 2026",
  documents: [
    {
      id: crypto.randomUUID(),
      fileName: "april.pdf",
      size: 90_000,
      type: "application/pdf",
      uploadedAt: "2026-12-01T16:00:00.000Z",
      held: false,
      needsPassword: true,
      checking: false,
    },
  ],
});
const mixed = roomWith([statement, check, id, locked]);

type Handler = (init: RequestInit | undefined) => { status: number; body?: unknown };

/** fetch, answering each "METHOD path" from `routes` (a list: one answer per call, the last repeated). */
function serve(routes: Record<string, Handler[]>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${url}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handlers = routes[key];
    if (!handlers) throw new Error(`unexpected ${key}`);
    const handler = handlers.length > 1 ? handlers.shift()! : handlers[0];
    const { status, body } = handler(init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

const answer =
  (status: number, body?: unknown): Handler =>
  () => ({ status, body });
/** What the page asks first: whether the browser holds a session (always a 200). */
const CLOSED = { "GET /api/room/session": [answer(200, { open: false })] };
const OPEN = { "GET /api/room/session": [answer(200, { open: true })] };

beforeEach(() => window.history.pushState({}, "", `/documents/${TOKEN}`));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the document room", () => {
  it("opens only on the applicant's press, then shows the status, the limits and each item's state", async () => {
    const calls = serve({
      ...CLOSED,
      "GET /api/room": [answer(200, mixed)],
      "POST /api/room/session": [
        answer(201, { reference: "HL-7K3M9QPX", expiresAt: "2026-12-08T00:00:00Z" }),
      ],
    });
    const user = userEvent.setup();
    render(<DocumentRoom entry="welcome" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    // Only the question whether a session is there, which is a 200: no failed request in the console.
    expect(calls.map((call) => call.key)).toEqual(["GET /api/room/session"]);
    expect(screen.getByRole("heading", { name: "Your documents, in one safe place" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Open my documents" }));
    expect(await screen.findByRole("heading", { name: "Your documents" })).toHaveFocus();
    expect(calls[1]).toEqual({ key: "POST /api/room/session", body: { token: TOKEN } });

    const status = screen.getByRole("region", { name: "Where your application stands" });
    const steps = within(within(status).getByRole("list", { name: "Steps" })).getAllByRole("listitem");
    expect(steps.map((step) => step.getAttribute("aria-current"))).toEqual([null, "step", null, null]);
    expect(steps[1]).toHaveTextContent("In review");
    expect(steps[0]).toHaveTextContent("Received (done)");
    expect(status).toHaveTextContent("A funding specialist is reviewing your application");
    expect(status).toHaveTextContent(/Reviewed Dec 1, .*; we promised it by Dec 2, /);
    expect(status).toHaveTextContent("Documents needed. 3 documents are still needed.");
    // No decision is promised before the documents are complete.
    expect(status).not.toHaveTextContent(/decision by/);
    expect(status).toHaveTextContent("Reference HL-7K3M9QPX");
    expect(
      screen.getByText(/Each file can be up to 25 MB, and all your files together up to 250 MB/),
    ).toBeVisible();

    const checkItem = screen.getByRole("region", { name: "Voided business check" });
    expect(within(checkItem).getByTestId("item-state")).toHaveTextContent("Needs your attention");
    expect(checkItem).toHaveTextContent(
      "What to fix: The routing number is cut off; please send the whole check.",
    );
    expect(checkItem).toHaveTextContent("check.jpg 820 KB, sent Dec 1");
    expect(within(checkItem).getByLabelText("Choose a file for Voided business check")).toHaveAttribute(
      "accept",
      "application/pdf,image/jpeg,image/png,.pdf,.jpg,.png,.jpeg",
    );
    // An accepted item is done: nothing more to send or declare.
    const idItem = screen.getByRole("region", { name: "Photo ID" });
    expect(within(idItem).queryByLabelText(/Choose a file/)).toBeNull();
    expect(within(idItem).queryByRole("button", { name: "Not applicable" })).toBeNull();
    // "Take a photo" only where a touch screen suggests a camera (jsdom has none).
    expect(screen.queryByText("Take a photo")).toBeNull();
  });

  it("opens the room at once when the browser already holds a session", async () => {
    serve({ ...OPEN, "GET /api/room": [answer(200, mixed)] });
    render(<DocumentRoom entry="welcome" />);
    expect(await screen.findByRole("heading", { name: "Where your application stands" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Open my documents" })).toBeNull();
  });

  it("answers a link that opens nothing with the form asking for a new one, in the server's words", async () => {
    const calls = serve({
      ...CLOSED,
      "POST /api/room/session": [answer(404, { error: LINK_INVALID })],
      "POST /api/room/links": [answer(202, { message: LINKS_SENT })],
    });
    const user = userEvent.setup();
    render(<DocumentRoom entry="welcome" />);
    await user.click(screen.getByRole("button", { name: "Open my documents" }));
    expect(await screen.findByText(LINK_INVALID)).toBeVisible();

    await user.type(screen.getByLabelText("E-mail address"), "jane@acme.test");
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(LINKS_SENT);
    expect(calls.at(-1)).toEqual({ key: "POST /api/room/links", body: { email: "jane@acme.test" } });
  });

  it("shows the server's refusal of an address under the field", async () => {
    serve({
      ...CLOSED,
      "POST /api/room/links": [
        answer(400, {
          error: "Please enter a valid email address",
          errors: { email: "Please enter a valid email address" },
        }),
      ],
    });
    const user = userEvent.setup();
    render(<DocumentRoom entry="ask" />);
    await user.type(screen.getByLabelText("E-mail address"), "jane@");
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a valid email address");
    expect(screen.getByLabelText("E-mail address")).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses a web page named .pdf and a file over the limit before sending a byte", async () => {
    const calls = serve({ ...OPEN, "GET /api/room": [answer(200, mixed)] });
    const user = userEvent.setup({ applyAccept: false });
    render(<DocumentRoom entry="welcome" />);
    const statementItem = await screen.findByRole("region", { name: statement.name });
    const picker = within(statementItem).getByLabelText(`Choose a file for ${statement.name}`);

    const page = new File(["<!DOCTYPE html><html><body>Statement</body></html>"], "statement.pdf", {
      type: "application/pdf",
    });
    await user.upload(picker, page);
    expect(await within(statementItem).findByText(/statement\.pdf was not sent\./)).toHaveTextContent(
      "This file is a web page, not a PDF, whatever its name says.",
    );
    expect(screen.getByTestId("room-announcement")).toHaveTextContent("statement.pdf was not sent.");
    // A refusal in the browser cannot be retried as it is: choose another file.
    expect(within(statementItem).queryByRole("button", { name: "Try again" })).toBeNull();

    const big = new File(["%PDF-1.7\n"], "scan.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 30e6 });
    await user.upload(picker, big);
    expect(
      await within(statementItem).findByText(/This file is 30 MB; each file can be up to 25 MB\./),
    ).toBeVisible();
    expect(calls.every((call) => !call.key.includes("/uploads"))).toBe(true);
  });

  it("declares an item not applicable with a reason, and asks for one first", async () => {
    const declared = roomWith([
      { ...statement, state: "not-applicable", stateLabel: "Not applicable", reason: "Opened in April." },
      check,
      id,
      locked,
    ]);
    const calls = serve({
      ...OPEN,
      "GET /api/room": [answer(200, mixed), answer(200, declared)],
      [`POST /api/room/items/${statement.id}/not-applicable`]: [
        answer(200, {
          id: statement.id,
          state: "not-applicable",
          stateLabel: "Not applicable",
          reason: "Opened in April.",
        }),
      ],
    });
    const user = userEvent.setup();
    render(<DocumentRoom entry="welcome" />);
    const statementItem = await screen.findByRole("region", { name: statement.name });
    await user.click(within(statementItem).getByRole("button", { name: "Not applicable" }));
    expect(within(statementItem).getByLabelText("Why doesn't this apply to you?")).toHaveFocus();
    await user.click(within(statementItem).getByRole("button", { name: "Cancel" }));
    expect(within(statementItem).getByRole("button", { name: "Not applicable" })).toHaveFocus();

    await user.click(within(statementItem).getByRole("button", { name: "Not applicable" }));
    const reason = within(statementItem).getByLabelText("Why doesn't this apply to you?");
    await user.click(within(statementItem).getByRole("button", { name: "Mark as not applicable" }));
    expect(within(statementItem).getByRole("alert")).toHaveTextContent("Please give a reason.");

    await user.type(reason, "Opened in April.");
    await user.click(within(statementItem).getByRole("button", { name: "Mark as not applicable" }));
    await waitFor(() =>
      expect(within(statementItem).getByTestId("item-state")).toHaveTextContent("Not applicable"),
    );
    expect(statementItem).toHaveTextContent("Your reason: Opened in April.");
    expect(calls.find((call) => call.key.includes("not-applicable"))?.body).toEqual({
      reason: "Opened in April.",
    });
    expect(screen.getByTestId("room-announcement")).toHaveTextContent(
      `${statement.name}: marked not applicable.`,
    );
  });

  it("asks once for a locked PDF's password and says when it was wrong", async () => {
    const documentId = locked.documents[0].id;
    const calls = serve({
      ...OPEN,
      "GET /api/room": [answer(200, mixed)],
      [`POST /api/room/documents/${documentId}/unlock`]: [
        answer(400, { error: "That password did not open the file." }),
      ],
    });
    const user = userEvent.setup();
    render(<DocumentRoom entry="welcome" />);
    const password = await screen.findByLabelText("Password for april.pdf");
    expect(password).toHaveAttribute("type", "password");
    await user.type(password, "guess");
    await user.click(screen.getByRole("button", { name: "Open the file" }));
    expect(await screen.findByText("That password did not open the file.")).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ password: "guess" });
  });

  it("goes back to asking for a link when the session ends, in the server's words", async () => {
    serve({
      ...OPEN,
      "GET /api/room": [answer(200, mixed), answer(401, { error: ENDED })],
      [`POST /api/room/items/${statement.id}/not-applicable`]: [
        answer(200, { id: statement.id, state: "not-applicable", stateLabel: "Not applicable", reason: "x" }),
      ],
    });
    const user = userEvent.setup();
    render(<DocumentRoom entry="welcome" />);
    const statementItem = await screen.findByRole("region", { name: statement.name });
    await user.click(within(statementItem).getByRole("button", { name: "Not applicable" }));
    await user.type(within(statementItem).getByLabelText("Why doesn't this apply to you?"), "x");
    await user.click(within(statementItem).getByRole("button", { name: "Mark as not applicable" }));
    expect(await screen.findByText(ENDED)).toBeVisible();
    expect(screen.getByRole("heading", { name: "Get a link to your document room" })).toBeVisible();
  });

  it("says so when our server cannot be reached, and lets the applicant press again", async () => {
    serve(CLOSED);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/room") return new Response(JSON.stringify({ error: "x" }), { status: 401 });
        throw new TypeError("Failed to fetch");
      }),
    );
    const user = userEvent.setup();
    render(<DocumentRoom entry="welcome" />);
    await user.click(screen.getByRole("button", { name: "Open my documents" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We could not reach our server. Check your connection and try again.",
    );
    expect(screen.getByRole("button", { name: "Open my documents" })).toBeEnabled();
  });
});

describe("the room's decision promise", () => {
  const done = [id, item({ name: "Voided business check", state: "accepted", stateLabel: "Accepted" })];

  it("tells the applicant, once the documents are complete, when a decision is promised", () => {
    render(<RoomStatusPanel room={roomWith(done, { dueAt: "2026-12-09T16:00:00.000Z" })} />);
    const status = screen.getByRole("region", { name: "Where your application stands" });
    expect(status).toHaveTextContent("Documents complete.");
    expect(within(status).getByTestId("room-decision")).toHaveTextContent(
      /^Your documents are complete: we promised you a funding decision by Dec 9, \d+:00 [AP]M\.$/,
    );
  });

  it("says when the decision was made", () => {
    const decided = { dueAt: "2026-12-09T16:00:00.000Z", decidedAt: "2026-12-08T20:00:00.000Z" };
    render(<RoomStatusPanel room={roomWith(done, decided)} />);
    expect(screen.getByTestId("room-decision")).toHaveTextContent(
      /^Decided Dec 8, .*; we promised a decision by Dec 9, /,
    );
  });
});
