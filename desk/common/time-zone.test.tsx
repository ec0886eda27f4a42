// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { sampleApplication } from "../../test/support/sample-application";
import type { ApplicationDetail, InboxItem } from "#domain/desk/contract";
import { admin, fakeApi, newWork } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

// The browser's own zone must not matter: the desk shows the provider's.
const inLosAngeles = { ...admin, timeZone: "America/Los_Angeles" };

const item: InboxItem = {
  id: "app-1",
  createdAt: "2026-11-25T03:30:00Z",
  companyName: "Late Evening Co",
  firstName: "Ada",
  lastName: "Okafor",
  email: "ada@example.test",
  phone: "+1 212 555 0199",
  fundingType: "venture-debt",
  fundingAmount: "250000",
  state: "received",
  quarantineReason: null,
  delivery: "delivered",
  deliveryAttempts: 1,
  source: null,
  campaign: null,
  ...newWork,
  unread: false,
  documents: "none",
};

test("the inbox shows each application's time in the provider's zone with its abbreviation, and says which zone its days are", async () => {
  const user = userEvent.setup();
  fakeApi({
    "GET /me": { body: inLosAngeles },
    "GET /applications": { body: { items: [item], total: 1, nextCursor: null } },
  });
  renderDesk("/desk/inbox");

  const table = await screen.findByRole("table");
  // 03:30 UTC on 25 Nov is the evening of 24 Nov in Los Angeles: the day its filter finds it on.
  expect(within(table).getByText("Nov 24, 2026, 7:30 PM PST")).toHaveAttribute(
    "datetime",
    "2026-11-25T03:30:00Z",
  );
  await user.click(screen.getByRole("button", { name: /Filters/ }));
  expect(screen.getByLabelText("From")).toHaveAccessibleDescription(
    "Days in Pacific Time (America/Los_Angeles)",
  );
  // After the range's error line, empty while the range is right.
  expect(screen.getByLabelText("To")).toHaveAccessibleDescription(
    /^\s*Days in Pacific Time \(America\/Los_Angeles\)$/,
  );
});

test("the printable evidence names its zone and writes every time in it, daylight saving included", async () => {
  const detail = {
    application: { ...sampleApplication },
    id: "app-1",
    submissionId: "sub-1",
    reference: "HL-7K3M9Q2X",
    createdAt: "2026-11-25T00:05:03Z",
    state: "received",
    quarantineReason: null,
    attribution: null,
    consent: {
      text: "I agree to receive text messages.",
      version: "sms-consent-2024-01",
      sha256: "ab".repeat(32),
      consentedAt: "2026-07-01T16:00:00Z",
      ip: "203.0.113.9",
      userAgent: "Mozilla/5.0",
      pageUrl: "https://harborline.test/",
      phone: "+1 212 555 0100",
    },
    delivery: null,
    smsOptOuts: [],
    decision: null,
    ...newWork,
    timeline: [],
  } satisfies ApplicationDetail;
  fakeApi({ "GET /me": { body: admin }, "GET /applications/app-1": { body: detail } });
  renderDesk("/desk/applications/app-1/evidence");

  expect(await screen.findByText("Times are in Eastern Time (America/New_York).")).toBeVisible();
  expect(screen.getByText("Submitted at").nextElementSibling).toHaveTextContent("Nov 24, 2026, 7:05 PM EST");
  expect(screen.getByText("Consented at").nextElementSibling).toHaveTextContent("Jul 1, 2026, 12:00 PM EDT");
});
