// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { applicationDetail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

test("the printable evidence shows the opt-outs of the application's phone and e-mail after its consent", async () => {
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /opt-outs": {
      body: {
        items: [
          {
            id: "18",
            channel: "email",
            phone: null,
            email: "ada@example.com",
            receivedVia: "email",
            note: null,
            recordedBy: { id: "u-staff", name: "Sam Staff" },
            receivedAt: "2025-11-25T15:00:00Z",
            recordedAt: "2025-11-25T15:01:00Z",
            honourBy: "2025-12-09",
            crm: { status: "waiting", attempts: 3, deliveredAt: null, lastError: "HTTP 503" },
          },
        ],
      },
    },
  });
  renderDesk("/desk/applications/app-1/evidence");

  const heading = await screen.findByRole("heading", { name: "Opt-outs" });
  // After the consent, in the page's order.
  const consent = screen.getByRole("heading", { name: "Consent" });
  expect(consent.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const table = screen.getByRole("table", { name: "Opt-outs of this phone number and email address" });
  expect(within(table).getByText("ada@example.com")).toBeVisible();
  expect(within(table).getByText("Tue, Dec 9, 2025")).toBeVisible();
  // Long past its day and still not with the CRM: overdue, in words.
  expect(within(table).getByText(/^Overdue by \d+ days$/)).toBeVisible();
  expect(within(table).getByText("Waiting for the CRM")).toBeVisible();
  expect(within(table).getByText("3 attempts: HTTP 503")).toBeVisible();
  const { query } = api.callsTo("GET /opt-outs")[0];
  expect(Object.fromEntries(query)).toEqual({ phone: "+1 212 555 0100", email: "ada@example.com" });
});

test("the evidence still prints when the opt-outs cannot be loaded, and says so", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /opt-outs": { status: 500, body: {} },
  });
  renderDesk("/desk/applications/app-1/evidence");
  expect(await screen.findByRole("heading", { name: "Consent" })).toBeVisible();
  expect(screen.getByRole("alert")).toHaveTextContent(
    "The opt-outs could not be loaded: The server could not do that. Try again in a moment.",
  );
});
