// @vitest-environment jsdom
/**
 * The lead's timeline: newest first as the server gives it, and one group at
 * a time through a row of toggle buttons whose choice lives in the URL
 * (?timeline=work), so a reload keeps it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TimelineEntry } from "#domain/desk/contract";
import { activity, applicationDetail as detail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

/** Newest first, as GET /applications/:id answers: one of every group, and a round-robin owner. */
const ENTRIES: TimelineEntry[] = [
  activity({
    at: "2024-05-01T16:00:00Z",
    activity: "note",
    body: "Wants a call after lunch",
    by: "Sam Staff",
  }),
  activity({ at: "2024-05-01T15:30:00Z", activity: "booking", scheduledAt: "2024-05-03T18:00:00Z" }),
  activity({ at: "2024-05-01T15:00:00Z", activity: "call", outcome: "reached", by: "Sam Staff" }),
  activity({ at: "2024-05-01T14:40:00Z", activity: "stage", stage: "contacted", workStatus: "contacted" }),
  activity({ at: "2024-05-01T14:30:00Z", activity: "assignment", ownerName: "Sam Staff", by: "Ada Admin" }),
  {
    at: "2024-05-01T14:03:02Z",
    kind: "mail-attempt",
    mailId: "7",
    mailKind: "receipt",
    to: "ada@example.com",
    attempt: 1,
    smtpCode: 250,
    error: null,
    durationMs: 31,
    outcome: "sent",
  },
  {
    at: "2024-05-01T14:03:01Z",
    kind: "attempt",
    status: 200,
    error: null,
    durationMs: 80,
    outcome: "delivered",
  },
  activity({ at: "2024-05-01T14:03:00Z", activity: "assignment", ownerName: "Ada Admin" }),
];

function openPage() {
  return fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail({ timeline: ENTRIES }) },
  });
}

const section = () => screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!;
const titles = () =>
  within(section())
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p")!.textContent);
const filters = () => within(section()).getByRole("group", { name: "Show on the timeline" });

test("the newest entry is first, and every group is shown under All", async () => {
  openPage();
  renderDesk("/desk/applications/app-1");
  await screen.findByRole("heading", { level: 2, name: "Timeline" });
  expect(titles()).toEqual([
    "Note",
    "Call booked for May 3, 2024, 2:00 PM EDT",
    "Call logged: Reached",
    "CRM reported: Contacted",
    "Assigned to Sam Staff",
    "E-mail attempt: sent",
    "Delivery attempt: delivered",
    "Assigned to Ada Admin",
  ]);
  expect(within(filters()).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  expect(section()).toHaveTextContent("Newest first");
});

test("each filter shows its group, newest first, and is kept in the URL", async () => {
  const user = userEvent.setup();
  const api = openPage();
  const { router } = renderDesk("/desk/applications/app-1");
  await screen.findByRole("heading", { level: 2, name: "Timeline" });

  await user.click(within(filters()).getByRole("button", { name: "People's work" }));
  await waitFor(() => expect(titles()).toEqual(["Note", "Call logged: Reached", "Assigned to Sam Staff"]));
  expect(router.state.location.search).toBe("?timeline=work");
  expect(within(filters()).getByRole("button", { name: "People's work" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(within(filters()).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");

  await user.click(within(filters()).getByRole("button", { name: "CRM and bookings" }));
  await waitFor(() =>
    expect(titles()).toEqual(["Call booked for May 3, 2024, 2:00 PM EDT", "CRM reported: Contacted"]),
  );
  expect(router.state.location.search).toBe("?timeline=crm");

  await user.click(within(filters()).getByRole("button", { name: "E-mail and delivery" }));
  await waitFor(() => expect(titles()).toEqual(["E-mail attempt: sent", "Delivery attempt: delivered"]));
  expect(router.state.location.search).toBe("?timeline=mail");

  await user.click(within(filters()).getByRole("button", { name: "All" }));
  await waitFor(() => expect(titles()).toHaveLength(ENTRIES.length));
  expect(router.state.location.search).toBe("");
  // Choosing a filter does not load the lead again.
  expect(api.callsTo("GET /applications/app-1")).toHaveLength(1);
});

test("a page opened with ?timeline=work (a reload) shows that filter", async () => {
  openPage();
  renderDesk("/desk/applications/app-1?timeline=work");
  await screen.findByRole("heading", { level: 2, name: "Timeline" });
  expect(within(filters()).getByRole("button", { name: "People's work" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect(titles()).toEqual(["Note", "Call logged: Reached", "Assigned to Sam Staff"]);
});

test("an unknown filter in the URL shows everything; an empty group says so", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail({ timeline: ENTRIES.slice(5) }) },
  });
  const { router } = renderDesk("/desk/applications/app-1?timeline=nonsense");
  await screen.findByRole("heading", { level: 2, name: "Timeline" });
  expect(within(filters()).getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  expect(titles()).toHaveLength(3);
  await userEvent.setup().click(within(filters()).getByRole("button", { name: "CRM and bookings" }));
  expect(await within(section()).findByText("Nothing under “CRM and bookings” yet.")).toBeVisible();
  expect(router.state.location.search).toBe("?timeline=crm");
});
