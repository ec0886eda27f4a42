// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PendingInvitation, StaffMember } from "#domain/desk/contract";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { staffMember } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

const member = staffMember;

const pending = (overrides: Partial<PendingInvitation>): PendingInvitation => ({
  id: "inv-1",
  purpose: "invite",
  email: "kim@harborline.test",
  role: "staff",
  userId: null,
  invitedBy: admin.email,
  createdAt: "2024-05-01T14:03:00Z",
  expiresAt: "2024-05-02T14:03:00Z",
  ...overrides,
});

function staffApi() {
  let sam = member({ ...staffer, id: staffer.id });
  let invitations = [pending({}), pending({ id: "inv-2", email: "lee@harborline.test", invitedBy: null })];
  return fakeApi({
    "GET /me": { body: admin },
    "GET /staff": () => ({ body: { items: [member({ ...admin, role: "admin" }), sam] } }),
    "GET /staff/invitations": () => ({ body: { items: invitations } }),
    "GET /assignment-rules": { body: { items: [] } },
    "DELETE /staff/invitations/inv-1": () => {
      invitations = invitations.filter((item) => item.id !== "inv-1");
      return { status: 204 };
    },
    "POST /staff/invitations/inv-2/resend": () => {
      invitations = [invitations[0], pending({ id: "inv-3", email: "lee@harborline.test" })];
      return { status: 201, body: { inviteUrl: "http://desk.test/desk/invite/resent-token" } };
    },
    "POST /staff/invitations": ({ body }) =>
      (body as { email: string }).email.includes("@")
        ? { status: 201, body: { inviteUrl: "http://desk.test/desk/invite/new-token" } }
        : { status: 400, body: { errors: { email: "Enter a valid e-mail address." } } },
    [`PATCH /staff/${staffer.id}`]: ({ body }) => {
      sam = { ...sam, ...(body as Partial<StaffMember>) };
      return { body: sam };
    },
    [`POST /staff/${staffer.id}/reset-second-factor`]: {
      status: 201,
      body: { inviteUrl: "http://desk.test/desk/invite/reset-token" },
    },
  });
}

const card = (name: string) =>
  screen.getByRole("heading", { level: 3, name: new RegExp(name) }).closest("li")!;

test("an invitation gives a link to copy and hand over", async () => {
  const user = userEvent.setup();
  const api = staffApi();
  renderDesk("/desk/staff");
  await user.type(await screen.findByLabelText("Email"), "new@harborline.test");
  await user.selectOptions(screen.getByLabelText("Role"), "Admin");
  await user.click(screen.getByRole("button", { name: "Create invitation link" }));
  expect(await screen.findByText("http://desk.test/desk/invite/new-token")).toBeVisible();
  expect(screen.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect(screen.getByText(/Send this link to new@harborline.test/)).toBeVisible();
  expect(api.callsTo("POST /staff/invitations")[0].body).toEqual({
    email: "new@harborline.test",
    role: "admin",
  });
});

test("the server's word on a bad address is shown next to the field", async () => {
  const user = userEvent.setup();
  staffApi();
  renderDesk("/desk/staff");
  await user.type(await screen.findByLabelText("Email"), "not-an-address");
  await user.click(screen.getByRole("button", { name: "Create invitation link" }));
  expect(await screen.findByText("Enter a valid e-mail address.")).toBeVisible();
  expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
});

test("an admin can disable someone, and the list shows it; their own account has no such buttons", async () => {
  const user = userEvent.setup();
  const api = staffApi();
  renderDesk("/desk/staff");
  await screen.findByRole("heading", { level: 1, name: "Staff" });
  expect(within(card("Ada Admin")).queryByRole("button", { name: "Disable" })).not.toBeInTheDocument();

  await user.click(within(card("Sam Staff")).getByRole("button", { name: "Disable" }));
  expect(await screen.findByText(`${staffer.email} is disabled and signed out everywhere.`)).toBeVisible();
  await waitFor(() => expect(within(card("Sam Staff")).getByText("Disabled")).toBeVisible());
  expect(within(card("Sam Staff")).getByRole("button", { name: "Enable" })).toBeVisible();
  expect(api.callsTo(`PATCH /staff/${staffer.id}`)[0].body).toEqual({ disabled: true });
});

test("resetting a lost authenticator asks first, then gives the new link", async () => {
  const user = userEvent.setup();
  const api = staffApi();
  renderDesk("/desk/staff");
  await screen.findByRole("heading", { level: 1, name: "Staff" });
  await user.click(within(card("Sam Staff")).getByRole("button", { name: "Reset second factor" }));
  const dialog = await screen.findByRole("dialog");
  expect(api.callsTo(`POST /staff/${staffer.id}/reset-second-factor`)).toHaveLength(0);
  await user.click(within(dialog).getByRole("button", { name: "Reset" }));
  expect(await screen.findByText("http://desk.test/desk/invite/reset-token")).toBeVisible();
  expect(api.callsTo(`POST /staff/${staffer.id}/reset-second-factor`)).toHaveLength(1);
});

test("staff who open the page read the routing rules, and ask for nothing the server refuses them", async () => {
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /assignment-rules": {
      body: {
        items: [{ id: "1", fundingType: "sba-loan", minAmount: null, maxAmount: null, group: "SBA desk" }],
      },
    },
  });
  renderDesk("/desk/staff");
  expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  const rules = screen.getByRole("list", { name: "Routing rules" });
  expect(within(rules).getByText("SBA Loan, any amount")).toBeVisible();
  expect(within(rules).getByText("SBA desk")).toBeVisible();
  expect(screen.queryByRole("button", { name: "Save rules" })).not.toBeInTheDocument();
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Staff" })).toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Audit log" })).not.toBeInTheDocument();
  expect(api.callsTo("GET /staff")).toHaveLength(0);
  expect(api.callsTo("GET /staff/invitations")).toHaveLength(0);
});

test("pending invitations are listed with who made them; revoke asks first, a new link is shown to copy", async () => {
  const user = userEvent.setup();
  const api = staffApi();
  renderDesk("/desk/staff");
  const list = await screen.findByRole("list", { name: "Pending invitations" });
  const kim = within(list).getByText("kim@harborline.test").closest("li")!;
  expect(within(kim).getByText(/Invited by ada@harborline.test/)).toBeVisible();
  expect(within(kim).getByText(/works until/)).toBeVisible();
  const lee = within(list).getByText("lee@harborline.test").closest("li")!;
  expect(within(lee).getByText(/Invited by the server's operator \(command line\)/)).toBeVisible();

  await user.click(
    within(kim).getByRole("button", { name: "Revoke the invitation for kim@harborline.test" }),
  );
  const dialog = await screen.findByRole("dialog");
  expect(api.callsTo("DELETE /staff/invitations/inv-1")).toHaveLength(0);
  await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
  expect(await screen.findByText("The invitation for kim@harborline.test no longer works.")).toBeVisible();
  await waitFor(() => expect(screen.queryByText("kim@harborline.test")).not.toBeInTheDocument());

  await user.click(screen.getByRole("button", { name: "New link for lee@harborline.test" }));
  expect(await screen.findByText("http://desk.test/desk/invite/resent-token")).toBeVisible();
  expect(screen.getByText(/Send this link to lee@harborline.test/)).toBeVisible();
  expect(api.callsTo("POST /staff/invitations/inv-2/resend")).toHaveLength(1);
});
