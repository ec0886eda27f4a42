// @vitest-environment jsdom
/**
 * The inbox, live: a reader at the top of the first page sees new
 * applications appear (the page is fetched again, once per burst); a reader
 * who scrolled or loaded more is not moved but offered "N new applications —
 * show"; a stream back after a gap fetches again.
 */
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { InboxItem } from "#domain/desk/contract";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { fakeEventSource } from "../../test/support/desk-pages/fake-event-source";
import { inboxItem } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

const item = (n: number) => inboxItem(n, { unread: true });

/** The server's inbox: `rows` newest first, two a page. */
function inboxApi(rows: InboxItem[]) {
  return fakeApi({
    "GET /me": { body: staffer },
    "GET /applications": ({ query }) => {
      const start = query.get("cursor") ? Number(query.get("cursor")) : 0;
      const next = start + 2 < rows.length ? String(start + 2) : null;
      return { body: { items: rows.slice(start, start + 2), total: rows.length, nextCursor: next } };
    },
  });
}

const scrollTo = vi.fn();
beforeEach(() => {
  window.scrollTo = scrollTo;
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true, writable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  scrollTo.mockReset();
});

/** Changes are gathered for a moment before anything is fetched. */
const WAIT = { timeout: 4_000 };

/** The list shows it (as a table row and as a card for phones). */
const shown = (company: string) => screen.queryAllByText(company).length > 0;

async function openInbox(rows: InboxItem[]) {
  const api = inboxApi(rows);
  const streams = fakeEventSource();
  renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  act(() => streams.current()!.open());
  return { api, stream: () => streams.current()! };
}

test("at the top of the first page, a burst of new applications is fetched once and appears", async () => {
  const rows = [item(2), item(1)];
  const { api, stream } = await openInbox(rows);
  expect(shown("Company 2")).toBe(true);

  rows.unshift(item(4), item(3));
  act(() => {
    stream().send("applications", { changes: [{ id: "app-3", kind: "created" }] });
    stream().send("applications", { changes: [{ id: "app-4", kind: "created" }] });
  });
  await waitFor(() => expect(shown("Company 4")).toBe(true), WAIT);
  expect(shown("Company 3")).toBe(true);
  expect(api.callsTo("GET /applications")).toHaveLength(2);
  expect(screen.queryByRole("button", { name: /new application/ })).not.toBeInTheDocument();
});

test("scrolled down, new applications wait behind a button that shows them", async () => {
  const user = userEvent.setup();
  const rows = [item(2), item(1)];
  const { api, stream } = await openInbox(rows);
  window.scrollY = 600;

  rows.unshift(item(4), item(3));
  act(() => {
    stream().send("applications", { changes: [{ id: "app-3", kind: "created" }] });
    stream().send("applications", {
      changes: [
        { id: "app-4", kind: "created" },
        { id: "app-3", kind: "updated" },
      ],
    });
  });
  const button = await screen.findByRole("button", { name: "2 new applications — show" }, WAIT);
  // Announced politely where it appears.
  expect(button.closest('[role="status"]')).not.toBeNull();
  expect(api.callsTo("GET /applications")).toHaveLength(1);
  expect(shown("Company 4")).toBe(false);

  await user.click(button);
  await waitFor(() => expect(shown("Company 4")).toBe(true), WAIT);
  expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  expect(screen.queryByRole("button", { name: /new application/ })).not.toBeInTheDocument();
});

test("after loading more, a change never replaces the list by itself", async () => {
  const user = userEvent.setup();
  const rows = [item(3), item(2), item(1)];
  const { api, stream } = await openInbox(rows);
  await user.click(screen.getByRole("button", { name: /Load more/ }));
  await waitFor(() => expect(shown("Company 1")).toBe(true));

  act(() => stream().send("applications", { changes: [{ id: "app-2", kind: "updated" }] }));
  expect(
    await screen.findByRole("button", { name: "Applications changed — show" }, WAIT),
  ).toBeInTheDocument();
  expect(api.callsTo("GET /applications")).toHaveLength(2);
  expect(shown("Company 1")).toBe(true);
});

test("a stream back after a gap fetches the page again: what changed meanwhile was missed", async () => {
  const rows = [item(1)];
  const { api, stream } = await openInbox(rows);
  rows.unshift(item(2));
  act(() => stream().fail("dropped"));
  act(() => stream().open());
  await waitFor(() => expect(shown("Company 2")).toBe(true), WAIT);
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(2));
});
