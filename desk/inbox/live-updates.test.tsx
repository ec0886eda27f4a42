// @vitest-environment jsdom
/**
 * The inbox, live: a reader at the top of the first page sees new
 * applications appear (the page is fetched again, once per burst); a reader
 * who scrolled or loaded more is not moved but offered "N new applications —
 * show"; a stream back after a gap fetches again. An admin's own bulk action
 * is not news to them, and the list fetched again after it takes away a
 * button about what it now shows.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { BulkOutcome, InboxItem } from "#domain/desk/contract";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { fakeEventSource, type FakeEventSource } from "../../test/support/desk-pages/fake-event-source";
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

/** An admin's inbox (everyone's), whose bulk claim the server answers as done, telling the stream as it goes. */
async function openAdminInbox(rows: InboxItem[], during: (stream: FakeEventSource) => void) {
  const streams = fakeEventSource();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications": { body: { items: rows, total: rows.length, nextCursor: null } },
    "GET /staff/active": { body: { items: [] } },
    "POST /applications/bulk": ({ body }) => {
      during(streams.current()!);
      const { items } = body as { items: { id: string }[] };
      const outcome: BulkOutcome = {
        results: items.map(({ id }) => ({ id, ok: true, changed: true })),
        done: items.length,
        refused: 0,
      };
      return { body: outcome };
    },
  });
  renderDesk("/desk/inbox?owner=everyone");
  const table = await screen.findByRole("table", {}, { timeout: 5_000 });
  act(() => streams.current()!.open());
  return { api, stream: () => streams.current()!, table };
}

/** Past the moment a change would have been gathered and shown. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

test("scrolled down, an admin's own bulk claim is not offered back as news", async () => {
  const user = userEvent.setup();
  const rows = [item(2), item(1)];
  const tell = (stream: FakeEventSource) =>
    stream.send("applications", {
      changes: rows.map((row) => ({ id: row.id, kind: "updated" })),
    });
  const opened = await openAdminInbox(rows, tell);
  const stream = opened.stream;
  window.scrollY = 600;

  await user.click(
    within(opened.table).getByRole("checkbox", { name: "Select every application on this page" }),
  );
  const bar = screen.getByRole("region", { name: "Selected applications" });
  await user.click(within(bar).getByRole("button", { name: "Claim" }));
  expect(await screen.findByText("Claimed 2 applications.")).toBeInTheDocument();
  // The server's news of the same change, during the request and just after it.
  act(() => tell(stream()));
  await settle();
  expect(screen.queryByRole("button", { name: /— show$/ })).not.toBeInTheDocument();

  // Someone else's change to another application still is news.
  act(() => stream()!.send("applications", { changes: [{ id: "app-9", kind: "updated" }] }));
  expect(
    await screen.findByRole("button", { name: "Applications changed — show" }, WAIT),
  ).toBeInTheDocument();
});

test("a button about changes the list has since fetched goes away; news after that fetch stays", async () => {
  const user = userEvent.setup();
  // Rows of their own: the test before changed app-1 and app-2 itself moments ago.
  const rows = [item(6), item(5)];
  const { api, stream, table } = await openAdminInbox(rows, () => undefined);
  window.scrollY = 600;

  // A colleague claims one while the admin is scrolled down: offered as news.
  act(() => stream().send("applications", { changes: [{ id: "app-5", kind: "updated" }] }));
  await screen.findByRole("button", { name: "Applications changed — show" }, WAIT);

  // The admin's bulk action fetches the list again: it shows that change now, so the button goes.
  await user.click(within(table).getByRole("checkbox", { name: "Select Company 6" }));
  await user.click(
    within(screen.getByRole("region", { name: "Selected applications" })).getByRole("button", {
      name: "Claim",
    }),
  );
  expect(await screen.findByText("Claimed 1 application.")).toBeInTheDocument();
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole("button", { name: /— show$/ })).not.toBeInTheDocument());

  // A new one arriving after is news again.
  act(() => stream().send("applications", { changes: [{ id: "app-7", kind: "created" }] }));
  expect(await screen.findByRole("button", { name: "1 new application — show" }, WAIT)).toBeInTheDocument();
});
