// @vitest-environment jsdom
/**
 * The inbox's Mine and Unassigned tabs each say how many applications are
 * new to the member there (the live `counts` event's `views`), beside the
 * navigation's total; a view the member has looked at (the server counts it
 * as zero) shows no badge, and Everyone never has one.
 */
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type { NewCount } from "#domain/desk/contract";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { fakeEventSource } from "../../test/support/desk-pages/fake-event-source";
import { inboxItem } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

afterEach(() => vi.unstubAllGlobals());

const tabs = () => screen.getByRole("navigation", { name: "Whose applications" });
const tab = (name: RegExp) => within(tabs()).getByRole("link", { name });
const inboxLink = () =>
  within(screen.getByRole("navigation", { name: "Desk" })).getByRole("link", { name: /Inbox/ });

async function openInbox(path: string) {
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/due-counts": { body: { open: 1, dueSoon: 0, overdue: 0, dueSoonMs: 14_400_000 } },
    "GET /applications": { body: { items: [inboxItem(1)], total: 1, nextCursor: null } },
  });
  const streams = fakeEventSource();
  const view = renderDesk(path);
  await screen.findByRole("heading", { level: 1, name: "Inbox" }, { timeout: 5_000 });
  act(() => streams.current()!.open());
  const counts = (body: NewCount) => act(() => streams.current()!.send("counts", body));
  return { ...view, api, counts };
}

test("Mine and Unassigned each show what is new to the rep there; Everyone shows none", async () => {
  const { counts } = await openInbox("/desk/inbox");
  // Before the server has said, no tab claims anything is new.
  expect(tab(/^Mine/)).toHaveAccessibleName("Mine");
  expect(tab(/^Unassigned/)).toHaveAccessibleName("Unassigned");

  counts({ count: 5, views: { mine: 2, unassigned: 3 } });
  expect(tab(/^Mine/)).toHaveAccessibleName("Mine 2 new");
  expect(tab(/^Unassigned/)).toHaveAccessibleName("Unassigned 3 new");
  expect(tab(/^Everyone/)).toHaveAccessibleName("Everyone");
  // The navigation keeps the total.
  expect(inboxLink()).toHaveAccessibleName("Inbox 5 new");
  // The number is what shows; "new" is for a screen reader.
  expect(within(tab(/^Unassigned/)).getByText("3")).toBeVisible();

  counts({ count: 150, views: { mine: 30, unassigned: 120 } });
  expect(tab(/^Unassigned/)).toHaveAccessibleName("Unassigned 99+ new");
  expect(tab(/^Mine/)).toHaveAccessibleName("Mine 30 new");
});

test("looking at Unassigned takes its badge away and leaves Mine's", async () => {
  const user = userEvent.setup();
  const { counts, router, api } = await openInbox("/desk/inbox?owner=mine");
  counts({ count: 4, views: { mine: 0, unassigned: 4 } });
  expect(tab(/^Mine/)).toHaveAccessibleName("Mine");
  expect(tab(/^Unassigned/)).toHaveAccessibleName("Unassigned 4 new");

  await user.click(tab(/^Unassigned/));
  await vi.waitFor(() => expect(router.state.location.search).toBe("?owner=unassigned"));
  await vi.waitFor(() =>
    expect(api.callsTo("GET /applications").at(-1)?.query.get("owner")).toBe("unassigned"),
  );
  // The server, having listed the view to the rep, counts it as seen; a new one reaches Mine.
  counts({ count: 1, views: { mine: 1, unassigned: 0 } });
  expect(tab(/^Unassigned/)).toHaveAccessibleName("Unassigned");
  expect(tab(/^Unassigned/)).toHaveAttribute("aria-current", "page");
  expect(tab(/^Mine/)).toHaveAccessibleName("Mine 1 new");
});
