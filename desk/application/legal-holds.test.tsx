// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { LegalHold } from "#domain/desk/contract";
import { applicationDetail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const active: LegalHold = {
  id: "7",
  applicationId: null,
  email: "ada@example.com",
  reason: "Subpoena 24-118",
  setBy: { id: "u-admin", name: "Ada Admin" },
  setAt: "2024-05-02T15:00:00Z",
  released: null,
};

const holdsSection = async () =>
  (await screen.findByRole("heading", { level: 2, name: "Legal hold" })).closest("section")!;

test("an admin puts the application on hold with a reason and sees it at once", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [] } },
    "POST /applications/app-1/legal-holds": (call) => ({
      status: 201,
      body: {
        ...active,
        id: "8",
        applicationId: "app-1",
        email: null,
        reason: (call.body as { reason: string }).reason,
      },
    }),
  });
  renderDesk("/desk/applications/app-1");
  const section = await holdsSection();
  expect(section).toHaveTextContent("Not on legal hold");
  expect(section).toHaveTextContent("No legal hold has ever been set on it.");

  await user.click(within(section).getByRole("button", { name: "Hold this application" }));
  const dialog = await screen.findByRole("dialog", { name: "Put this application on legal hold" });
  // No reason: asked for one, nothing sent.
  await user.click(within(dialog).getByRole("button", { name: "Put on hold" }));
  expect(within(dialog).getByText("Give a reason")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/legal-holds")).toHaveLength(0);

  await user.type(within(dialog).getByLabelText("Reason"), "Audit by the regulator");
  await user.click(within(dialog).getByRole("button", { name: "Put on hold" }));
  expect(await within(section).findByText("This application is on legal hold.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/legal-holds")[0].body).toEqual({
    reason: "Audit by the regulator",
    scope: "application",
  });
  const items = within(within(section).getByRole("list", { name: "Legal holds" })).getAllByRole("listitem");
  expect(items[0]).toHaveTextContent("Active: This application");
  expect(items[0]).toHaveTextContent("Reason: Audit by the regulator");
  expect(section).toHaveTextContent("On legal hold");
});

test("an admin holds every record of the applicant, and releases a hold with a reason", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [active] } },
    "POST /legal-holds/7/release": {
      body: {
        ...active,
        released: {
          by: { id: "u-admin", name: "Ada Admin" },
          at: "2024-05-03T15:00:00Z",
          reason: "Matter closed",
        },
      },
    },
  });
  renderDesk("/desk/applications/app-1");
  const section = await holdsSection();
  expect(section).toHaveTextContent("Active: Every record of ada@example.com");
  expect(section).toHaveTextContent("Set by Ada Admin");
  expect(within(section).getByRole("button", { name: "Hold everything from this applicant" })).toBeVisible();

  await user.click(within(section).getByRole("button", { name: "Release" }));
  const dialog = await screen.findByRole("dialog", { name: "Release this legal hold" });
  await user.type(within(dialog).getByLabelText("Reason"), "Matter closed");
  await user.click(within(dialog).getByRole("button", { name: "Release" }));
  expect(await within(section).findByText("The legal hold was released.")).toBeVisible();
  expect(api.callsTo("POST /legal-holds/7/release")[0].body).toEqual({ reason: "Matter closed" });
  expect(section).toHaveTextContent("Released: Every record of ada@example.com");
  expect(section).toHaveTextContent("Released by Ada Admin");
  expect(within(section).queryByRole("button", { name: "Release" })).toBeNull();
});

test("staff see the holds but get no control to set or release them", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [active] } },
  });
  renderDesk("/desk/applications/app-1");
  const section = await holdsSection();
  expect(section).toHaveTextContent("Reason: Subpoena 24-118");
  expect(within(section).queryAllByRole("button")).toHaveLength(0);
});

test("the page still works when the holds cannot be loaded, and says so", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { status: 500, body: { error: "Internal Server Error" } },
  });
  renderDesk("/desk/applications/app-1");
  expect(await holdsSection()).toHaveTextContent("The legal holds could not be loaded.");
  expect(screen.getByRole("heading", { level: 1, name: "Acme Robotics" })).toBeVisible();
});
