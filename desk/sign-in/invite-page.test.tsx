// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";
import { passwordProblems } from "../common/lib/passwords";
import { groupSecret } from "./invite-page";

const TOTP_URI = "otpauth://totp/Harborline:sam%40harborline.test?secret=JBSWY3DPEHPK3PXP&issuer=Harborline";
const CODES = ["aaaa-1111", "bbbb-2222", "cccc-3333"];

function inviteApi(invitation: { email: string | null; role: "staff" | "admin" }) {
  return fakeApi({
    "GET /invitations/tok-1": { body: { ...invitation, expiresAt: "2030-01-01T00:00:00Z" } },
    "GET /invitations/used": {
      status: 410,
      body: { error: "This invitation link has expired or was already used" },
    },
    "POST /invitations/tok-1/accept": ({ body }) =>
      (body as { password: string }).password === "password1234"
        ? {
            status: 400,
            body: {
              errors: {
                password: "This is similar to a commonly used password. Add more words that are less common.",
              },
            },
          }
        : { status: 201, body: { enrolment: { totpUri: TOTP_URI, secret: "JBSWY3DPEHPK3PXP" } } },
    "POST /enrolment/confirm": ({ body }) =>
      (body as { code: string }).code === "654321"
        ? { body: { backupCodes: CODES } }
        : {
            status: 400,
            body: { errors: { code: "That code is not right. Check your app and try again." } },
          },
    "GET /me": { body: admin },
    "GET /applications": { body: { items: [], total: 0, nextCursor: null } },
  });
}

test("the browser checks length and the confirmation before asking the server", () => {
  expect(passwordProblems("", "")).toEqual({ password: "Choose a password." });
  expect(passwordProblems("short", "short")).toEqual({ password: "Use at least 12 characters." });
  expect(passwordProblems("x".repeat(257), "x".repeat(257))).toEqual({
    password: "Use at most 256 characters.",
  });
  expect(passwordProblems("long enough phrase", "long enough phrasE")).toEqual({
    confirm: "The two passwords are not the same.",
  });
  expect(passwordProblems("long enough phrase", "long enough phrase")).toEqual({});
  // Characters as the server counts them: an emoji is one.
  expect(passwordProblems("😀".repeat(11), "😀".repeat(11))).toEqual({
    password: "Use at least 12 characters.",
  });
  expect(passwordProblems("😀".repeat(200), "😀".repeat(200))).toEqual({});
  expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
});

test("password, authenticator, backup codes: the whole invitation", async () => {
  const user = userEvent.setup();
  const api = inviteApi({ email: "sam@harborline.test", role: "staff" });
  const { router } = renderDesk("/desk/invite/tok-1");

  expect(
    await screen.findByText(/invited to the lead desk as a staff member: sam@harborline.test/),
  ).toBeVisible();
  await user.type(screen.getByLabelText("Password"), "password1234");
  await user.type(screen.getByLabelText("Confirm password"), "password1234");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  // The server's word on the password is shown next to the field.
  expect(
    await screen.findByText(
      "This is similar to a commonly used password. Add more words that are less common.",
    ),
  ).toBeVisible();
  expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");

  await user.clear(screen.getByLabelText("Password"));
  await user.clear(screen.getByLabelText("Confirm password"));
  await user.type(screen.getByLabelText("Password"), "a long and unusual phrase");
  await user.type(screen.getByLabelText("Confirm password"), "a long and unusual phrase");
  await user.type(screen.getByLabelText("Your name"), "Sam Staff");
  await user.click(screen.getByRole("button", { name: "Continue" }));

  const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
  expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml,%3Csvg/);
  expect(screen.getByText("JBSW Y3DP EHPK 3PXP")).toBeVisible();
  expect(screen.getByRole("button", { name: "Copy key" })).toBeVisible();
  expect(api.callsTo("POST /invitations/tok-1/accept")[1].body).toEqual({
    password: "a long and unusual phrase",
    name: "Sam Staff",
  });

  await user.type(screen.getByLabelText("Authentication code"), "111111");
  await user.click(screen.getByRole("button", { name: "Confirm" }));
  expect(await screen.findByText("That code is not right. Check your app and try again.")).toBeVisible();
  await user.clear(screen.getByLabelText("Authentication code"));
  await user.type(screen.getByLabelText("Authentication code"), "654321");
  await user.click(screen.getByRole("button", { name: "Confirm" }));

  const list = await screen.findByRole("list", { name: "Backup codes" });
  expect(list).toHaveTextContent(CODES.join(""));
  const download = screen.getByRole("link", { name: "Download codes" });
  expect(download).toHaveAttribute("download");
  expect(decodeURIComponent(download.getAttribute("href") ?? "")).toContain(CODES.join("\n"));
  expect(decodeURIComponent(download.getAttribute("href") ?? "")).toContain("sam@harborline.test");

  await user.click(screen.getByRole("button", { name: "I have saved them" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/desk/inbox"));
});

test("the setup link asks for the first admin's own email", async () => {
  const user = userEvent.setup();
  const api = inviteApi({ email: null, role: "admin" });
  renderDesk("/desk/invite/tok-1");
  expect(
    await screen.findByRole("heading", { level: 1, name: "Create the first admin account" }),
  ).toBeVisible();
  await user.type(screen.getByLabelText("Password"), "a long and unusual phrase");
  await user.type(screen.getByLabelText("Confirm password"), "a long and unusual phrase");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  expect(screen.getByText("Enter your email address")).toBeVisible();
  expect(api.callsTo("POST /invitations/tok-1/accept")).toHaveLength(0);

  await user.type(screen.getByLabelText("Email"), "ada@harborline.test");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByLabelText("Authentication code");
  expect(api.callsTo("POST /invitations/tok-1/accept")[0].body).toEqual({
    password: "a long and unusual phrase",
    email: "ada@harborline.test",
  });
});

test("a used or expired link says so and offers no form", async () => {
  inviteApi({ email: "sam@harborline.test", role: "staff" });
  renderDesk("/desk/invite/used");
  expect(
    await screen.findByRole("heading", { level: 1, name: "This invitation cannot be used" }),
  ).toBeVisible();
  expect(screen.getByText("This invitation link has expired or was already used")).toBeVisible();
  expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
});

test("mismatched passwords are named on the confirmation field", async () => {
  const user = userEvent.setup();
  inviteApi({ email: "sam@harborline.test", role: "staff" });
  renderDesk("/desk/invite/tok-1");
  await user.type(await screen.findByLabelText("Password"), "a long and unusual phrase");
  await user.type(screen.getByLabelText("Confirm password"), "a long and usual phrase");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  expect(screen.getByText("The two passwords are not the same.")).toBeVisible();
  expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
});
