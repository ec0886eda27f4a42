// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InboxItem } from "#domain/desk/contract";
import { admin, fakeApi, newWork } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const spam: InboxItem = {
  id: "app-9",
  createdAt: "2024-05-01T14:03:00Z",
  companyName: "Spammy LLC",
  firstName: "Bo",
  lastName: "Tt",
  email: "bot@spam.test",
  phone: "+1 555 000 0000",
  fundingType: "other",
  fundingAmount: "1",
  state: "quarantined",
  quarantineReason: "Honeypot field filled",
  delivery: null,
  deliveryAttempts: 0,
  source: null,
  campaign: null,
  ...newWork,
  unread: false,
  documents: "none",
};

test("quarantine lists the reasons; Release says what it sends and asks before letting one through", async () => {
  const user = userEvent.setup();
  let held = [spam];
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications": () => ({ body: { items: held, total: held.length, nextCursor: null } }),
    "POST /applications/app-9/release": () => {
      held = [];
      return { body: {} };
    },
  });
  renderDesk("/desk/quarantine");
  const table = await screen.findByRole("table");
  expect(within(table).getByText("Honeypot field filled")).toBeVisible();
  expect(api.callsTo("GET /applications")[0].query.get("state")).toBe("quarantined");

  // One click only opens the question: the application goes to the CRM and the applicant gets a receipt.
  await user.click(within(table).getByRole("button", { name: "Release Spammy LLC" }));
  const dialog = await screen.findByRole("dialog", { name: "Release Spammy LLC from quarantine?" });
  expect(dialog).toHaveTextContent("It is sent to the CRM now, and bot@spam.test gets the receipt e-mail");
  expect(api.callsTo("POST /applications/app-9/release")).toHaveLength(0);
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(api.callsTo("POST /applications/app-9/release")).toHaveLength(0);

  await user.click(within(table).getByRole("button", { name: "Release Spammy LLC" }));
  await user.click(
    within(await screen.findByRole("dialog")).getByRole("button", { name: "Release and send" }),
  );
  expect(await screen.findByText(/Released Spammy LLC from quarantine/)).toBeVisible();
  expect(api.callsTo("POST /applications/app-9/release")).toHaveLength(1);
  await waitFor(() => expect(screen.getByText("Nothing is in quarantine.")).toBeVisible());
});
