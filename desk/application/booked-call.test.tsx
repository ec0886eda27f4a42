// @vitest-environment jsdom
/**
 * A lead's booked call where a rep looks first: on the lead's header
 * ("Call booked: Tue, Dec 8, 10:30 AM EST", in the provider's zone), and as
 * a marker on its inbox row while it is still to come.
 */
import { screen, within } from "@testing-library/react";
import { applicationDetail as detail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { inboxItem } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

// Tuesday 8 December 2099, 10:30 in New York: long after any test runs.
const TO_COME = "2099-12-08T15:30:00Z";
const PAST = "2024-05-03T18:00:00Z";

const openLead = (bookedCallAt: string | null) => {
  fakeApi({ "GET /me": { body: admin }, "GET /applications/app-1": { body: detail({ bookedCallAt }) } });
  renderDesk("/desk/applications/app-1");
};

test("the lead's header shows the call to come, with its day and time in the provider's zone", async () => {
  openLead(TO_COME);
  await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
  const call = screen.getByText(/^Call booked:/).closest("p")!;
  expect(call).toHaveTextContent("Call booked: Tue, Dec 8, 10:30 AM EST");
  expect(within(call).getByText("Tue, Dec 8, 10:30 AM EST")).toHaveAttribute("datetime", TO_COME);
  // Before the lead's contact card and work: the first thing read under its name.
  const work = screen.getByRole("heading", { level: 2, name: "Work" });
  expect(call.compareDocumentPosition(work) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test("a call already past reads as the last booked call", async () => {
  openLead(PAST);
  await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
  expect(screen.queryByText(/^Call booked:/)).toBeNull();
  expect(screen.getByText(/^Last booked call:/).closest("p")).toHaveTextContent(
    "Last booked call: Fri, May 3, 2:00 PM EDT",
  );
});

test("no booked call: nothing on the header", async () => {
  openLead(null);
  await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
  expect(screen.queryByText(/booked call|Call booked/i)).toBeNull();
});

test("the inbox row of a lead with a call to come says so, with the time; a past one says nothing", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/due-counts": { body: { open: 0, dueSoon: 0, overdue: 0, dueSoonMs: 3_600_000 } },
    "GET /applications": {
      body: {
        items: [
          inboxItem(1, { companyName: "Booked Bakery", bookedCallAt: TO_COME }),
          inboxItem(2, { companyName: "Past Pantry", bookedCallAt: PAST }),
        ],
        total: 2,
        nextCursor: null,
      },
    },
  });
  renderDesk("/desk/inbox");
  const booked = (await screen.findAllByRole("link", { name: "Booked Bakery" }))[0].closest("tr")!;
  expect(within(booked).getByText(/Call booked/)).toHaveTextContent("Call booked Tue, Dec 8, 10:30 AM EST");
  const past = screen.getAllByRole("link", { name: "Past Pantry" })[0].closest("tr")!;
  expect(within(past).queryByText(/Call booked/)).toBeNull();
});
