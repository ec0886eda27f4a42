// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionItem } from "#domain/desk/contract";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const session = (overrides: Partial<SessionItem>): SessionItem => ({
  id: "s-1",
  createdAt: "2024-05-01T14:03:00Z",
  lastSeenAt: "2024-05-01T15:03:00Z",
  expiresAt: "2024-05-01T22:03:00Z",
  ip: "203.0.113.7",
  userAgent:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15",
  current: true,
  ...overrides,
});

const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}`);

function accountApi() {
  return fakeApi({
    "GET /me": { body: staffer },
    "GET /sessions": { body: { items: [session({}), session({ id: "s-2", current: false })] } },
    "POST /account/password": ({ body }) => {
      const { currentPassword, newPassword } = body as { currentPassword: string; newPassword: string };
      if (currentPassword !== "my old passphrase") {
        return { status: 400, body: { errors: { currentPassword: "That is not your current password." } } };
      }
      if (newPassword === "password123456") {
        return {
          status: 400,
          body: {
            errors: {
              newPassword:
                "This is similar to a commonly used password. Add more words that are less common.",
            },
          },
        };
      }
      return { body: {} };
    },
    "POST /account/backup-codes": ({ body }) =>
      (body as { password: string }).password === "my old passphrase"
        ? { body: { backupCodes: CODES } }
        : { status: 400, body: { errors: { password: "That is not your current password." } } },
  });
}

test("one Sign out (in the header); other sessions are ended with End session", async () => {
  accountApi();
  renderDesk("/desk/account");
  const sessions = await screen.findByRole("list", { name: "Your sessions" });
  expect(screen.getAllByRole("button", { name: /sign out/i })).toHaveLength(1);
  const rows = within(sessions).getAllByRole("listitem");
  expect(within(rows[0]).getByText("This device")).toBeVisible();
  expect(within(rows[0]).queryByRole("button")).not.toBeInTheDocument();
  expect(within(rows[1]).getByRole("button", { name: /^End session/ })).toBeVisible();
});

test("changing the password shows the server's reason per field, then says the other sessions ended", async () => {
  const user = userEvent.setup();
  const api = accountApi();
  renderDesk("/desk/account");
  const form = (await screen.findByRole("heading", { name: "Password" })).closest("section")!;
  const field = (label: string) => within(form).getByLabelText(label);

  await user.type(field("Current password"), "my old passphrase");
  await user.type(field("New password"), "short");
  await user.type(field("Confirm new password"), "short");
  await user.click(within(form).getByRole("button", { name: "Change password" }));
  expect(await within(form).findByText("Use at least 12 characters.")).toBeVisible();
  expect(api.callsTo("POST /account/password")).toHaveLength(0);

  await user.clear(field("New password"));
  await user.type(field("New password"), "password123456");
  await user.clear(field("Confirm new password"));
  await user.type(field("Confirm new password"), "password123456");
  await user.click(within(form).getByRole("button", { name: "Change password" }));
  expect(await within(form).findByText(/similar to a commonly used password/)).toBeVisible();
  expect(field("New password")).toHaveAttribute("aria-invalid", "true");

  await user.clear(field("New password"));
  await user.type(field("New password"), "orbit kettle sparrow lantern");
  await user.clear(field("Confirm new password"));
  await user.type(field("Confirm new password"), "orbit kettle sparrow lantern");
  await user.click(within(form).getByRole("button", { name: "Change password" }));
  expect(await within(form).findByText("Password changed. Your other sessions were ended.")).toBeVisible();
  expect(api.callsTo("POST /account/password").at(-1)!.body).toEqual({
    currentPassword: "my old passphrase",
    newPassword: "orbit kettle sparrow lantern",
  });
});

test("new backup codes need the current password and are shown once", async () => {
  const user = userEvent.setup();
  accountApi();
  renderDesk("/desk/account");
  const section = (await screen.findByRole("heading", { name: "Backup codes" })).closest("section")!;
  await user.type(within(section).getByLabelText("Current password"), "a wrong guess");
  await user.click(within(section).getByRole("button", { name: "Make new backup codes" }));
  expect(await within(section).findByText("That is not your current password.")).toBeVisible();

  await user.clear(within(section).getByLabelText("Current password"));
  await user.type(within(section).getByLabelText("Current password"), "my old passphrase");
  await user.click(within(section).getByRole("button", { name: "Make new backup codes" }));
  const codes = await within(section).findByRole("list", { name: "Backup codes" });
  expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
  expect(within(section).getByRole("button", { name: "Copy codes" })).toBeVisible();
  expect(within(section).getByRole("link", { name: "Download codes" })).toBeVisible();
});

test("account: another session can be ended; this one ends by signing out", async () => {
  const user = userEvent.setup();
  const session = (id: string, current: boolean, agent: string): SessionItem => ({
    id,
    createdAt: "2024-05-01T14:03:00Z",
    lastSeenAt: "2024-05-01T15:03:00Z",
    expiresAt: "2024-05-02T02:03:00Z",
    ip: "203.0.113.9",
    userAgent: agent,
    current,
  });
  let sessions = [
    session("s-1", true, "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0"),
    session("s-2", false, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1"),
  ];
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /sessions": () => ({ body: { items: sessions } }),
    "DELETE /sessions/s-2": () => {
      sessions = sessions.filter((item) => item.id !== "s-2");
      return { status: 204 };
    },
  });
  renderDesk("/desk/account");
  const list = await screen.findByRole("list", { name: "Your sessions" });
  expect(within(list).getByText("This device")).toBeVisible();
  await user.click(within(list).getByRole("button", { name: /End session: Safari on iOS/ }));
  expect(await screen.findByText("Ended the session on Safari on iOS.")).toBeVisible();
  await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
  expect(api.callsTo("DELETE /sessions/s-2")).toHaveLength(1);
  // This device ends by the one Sign out, in the header, not by a button of its own in the list.
  expect(within(list).queryByRole("button", { name: /sign out|end session/i })).toBeNull();
  expect(screen.getAllByRole("button", { name: /sign out/i })).toHaveLength(1);
});
