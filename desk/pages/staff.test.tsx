// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StaffMember } from "../api/types";
import { admin, fakeApi, staffer } from "../testing/fake-api";
import { renderDesk } from "../testing/render";

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: "u-x",
  email: "x@harborline.test",
  name: "",
  role: "staff",
  disabled: false,
  twoFactorEnabled: true,
  createdAt: "2024-05-01T14:03:00Z",
  lastSignInAt: null,
  ...overrides,
});

function staffApi() {
  let sam = member({ ...staffer, id: staffer.id });
  return fakeApi({
    "GET /me": { body: admin },
    "GET /staff": () => ({ body: { items: [member({ ...admin, role: "admin" }), sam] } }),
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

test("staff who open the page (the server refuses them) are told it is for admins", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /staff": { status: 403, body: { error: "Admins only" } } });
  renderDesk("/desk/staff");
  expect(await screen.findByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Staff" })).not.toBeInTheDocument();
});
