// @vitest-environment jsdom
/**
 * The live count in the signed-in frame: beside "Inbox" in the navigation
 * and before the tab's title, moved by the stream's `counts` events; one
 * stream per tab whatever the page; a refused stream whose session is over
 * sends the user to sign in; without a stream, the count is polled.
 */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { staffer, fakeApi } from "../../test/support/desk-pages/fake-api";
import { fakeEventSource } from "../../test/support/desk-pages/fake-event-source";
import { renderDesk } from "../../test/support/desk-pages/render";
import { POLL_MS, STREAM_RETRY_MS } from "./lib/live";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const emptyInbox = { items: [], total: 0, nextCursor: null };

function deskApi(newCount: () => { status?: number; body?: unknown } = () => ({ body: { count: 0 } })) {
  return fakeApi({
    "GET /me": { body: staffer },
    "GET /applications": { body: emptyInbox },
    "GET /account": { body: {} },
    "GET /sessions": { body: { items: [] } },
    "GET /applications/new-count": () => newCount(),
  });
}

const inboxLink = () =>
  within(screen.getByRole("navigation", { name: "Desk" })).getByRole("link", { name: /Inbox/ });

test("the count of new applications shows beside Inbox and in the tab's title, and moves with the stream", async () => {
  deskApi();
  const streams = fakeEventSource();
  renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  expect(streams.opened).toHaveLength(1);
  expect(streams.opened[0].url).toBe("/api/desk/live");
  expect(inboxLink()).toHaveAccessibleName("Inbox");
  expect(document.title).toBe("Inbox · Lead desk");

  act(() => {
    streams.current()!.open();
    streams.current()!.send("counts", { count: 3 });
  });
  expect(inboxLink()).toHaveAccessibleName("Inbox 3 new");
  await waitFor(() => expect(document.title).toBe("(3) Inbox · Lead desk"));

  act(() => streams.current()!.send("counts", { count: 120 }));
  expect(inboxLink()).toHaveAccessibleName("Inbox 99+ new");
  await waitFor(() => expect(document.title).toBe("(99+) Inbox · Lead desk"));

  act(() => streams.current()!.send("counts", { count: 0 }));
  expect(inboxLink()).toHaveAccessibleName("Inbox");
  await waitFor(() => expect(document.title).toBe("Inbox · Lead desk"));
});

test("the count stays in the title from page to page, over one stream", async () => {
  const user = userEvent.setup();
  deskApi();
  const streams = fakeEventSource();
  renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  act(() => {
    streams.current()!.open();
    streams.current()!.send("counts", { count: 2 });
  });

  await user.click(screen.getByRole("link", { name: "Account" }));
  await screen.findByRole("heading", { level: 1, name: "Your account" });
  await waitFor(() => expect(document.title).toBe("(2) Account · Lead desk"));
  expect(streams.opened).toHaveLength(1);
  expect(inboxLink()).toHaveAccessibleName("Inbox 2 new");
});

test("a refused stream whose session is over sends the user to sign in, coming back to the page", async () => {
  let signedIn = true;
  deskApi(() =>
    signedIn ? { body: { count: 1 } } : { status: 401, body: { error: "Sign in to continue" } },
  );
  const streams = fakeEventSource();
  const { router } = renderDesk("/desk/inbox?q=acme");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  act(() => streams.current()!.open());

  signedIn = false;
  act(() => streams.current()!.fail("refused"));
  await waitFor(() => expect(router.state.location.pathname).toBe("/desk/sign-in"));
  expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/inbox?q=acme")}`);
  expect(streams.opened.every((stream) => stream.closed)).toBe(true);
});

test("a dropped stream is left to the browser to reconnect; after three failures in a row the count is polled, and the stream tried again", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  let count = 4;
  const api = deskApi(() => ({ body: { count } }));
  const streams = fakeEventSource();
  renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  const stream = streams.current()!;

  act(() => stream.fail("dropped"));
  act(() => stream.fail("dropped"));
  expect(stream.closed).toBe(false);
  expect(api.callsTo("GET /applications/new-count")).toHaveLength(0);

  act(() => stream.fail("dropped"));
  expect(stream.closed).toBe(true);
  await waitFor(() => expect(inboxLink()).toHaveAccessibleName("Inbox 4 new"));

  count = 6;
  await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
  await waitFor(() => expect(inboxLink()).toHaveAccessibleName("Inbox 6 new"));
  expect(api.callsTo("GET /applications/new-count")).toHaveLength(2);

  // The stream is tried again now and then; while it fails, polling goes on.
  await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - POLL_MS));
  expect(streams.opened).toHaveLength(2);
  act(() => streams.current()!.fail("refused"));
  await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS));
  expect(streams.opened).toHaveLength(3);

  // Once one opens, the polling stops and the stream carries the count.
  act(() => streams.current()!.open());
  const polled = api.callsTo("GET /applications/new-count").length;
  await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
  expect(api.callsTo("GET /applications/new-count")).toHaveLength(polled);
  act(() => streams.current()!.send("counts", { count: 7 }));
  expect(inboxLink()).toHaveAccessibleName("Inbox 7 new");
});

test("without EventSource the count is polled from the start", async () => {
  const api = deskApi(() => ({ body: { count: 5 } }));
  renderDesk("/desk/inbox");
  await waitFor(() => expect(inboxLink()).toHaveAccessibleName("Inbox 5 new"));
  expect(api.callsTo("GET /applications/new-count")).toHaveLength(1);
});
