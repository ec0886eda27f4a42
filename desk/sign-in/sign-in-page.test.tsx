// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { alertSaying, renderDesk } from "../../test/support/desk-pages/render";

function signInApi(codeAnswer: (body: Record<string, string>) => { status?: number; body?: unknown }) {
  let signedIn = false;
  return fakeApi({
    "GET /setup": { body: { needsSetup: false } },
    "GET /me": () => (signedIn ? { body: admin } : { status: 401, body: { error: "Sign in to continue" } }),
    "POST /sign-in": ({ body }) =>
      (body as { password: string }).password === "correct horse battery"
        ? { body: { next: "code" } }
        : { status: 401, body: { error: "Email or password is not right" } },
    "POST /sign-in/code": ({ body }) => {
      const answer = codeAnswer(body as Record<string, string>);
      if (!answer.status || answer.status === 200) signedIn = true;
      return answer;
    },
    "GET /applications": { body: { items: [], total: 0, nextCursor: null } },
  });
}

async function passPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Email"), "ada@harborline.test");
  await user.type(screen.getByLabelText("Password"), "correct horse battery");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  return screen.findByLabelText("Authentication code");
}

test("a wrong password is said plainly and the form stays", async () => {
  const user = userEvent.setup();
  const api = signInApi(() => ({}));
  renderDesk("/desk/sign-in");
  await user.type(await screen.findByLabelText("Email"), "ada@harborline.test");
  await user.type(screen.getByLabelText("Password"), "wrong");
  await user.click(screen.getByRole("button", { name: "Continue" }));
  expect(await alertSaying(/Email or password is not right/)).toBeVisible();
  expect(screen.getByLabelText("Email")).toHaveValue("ada@harborline.test");
  expect(api.callsTo("POST /sign-in")[0].body).toEqual({ email: "ada@harborline.test", password: "wrong" });
});

test("empty fields are named before anything is sent", async () => {
  const user = userEvent.setup();
  const api = signInApi(() => ({}));
  renderDesk("/desk/sign-in");
  await user.click(await screen.findByRole("button", { name: "Continue" }));
  expect(screen.getByText("Enter your email")).toBeInTheDocument();
  expect(screen.getByText("Enter your password")).toBeInTheDocument();
  expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
  expect(api.callsTo("POST /sign-in")).toHaveLength(0);
});

test("password, then the authenticator code, then back to where the visitor was going", async () => {
  const user = userEvent.setup();
  const api = signInApi((body) =>
    body.code === "123456"
      ? { body: { user: admin } }
      : { status: 401, body: { error: "That code is not right" } },
  );
  const { router } = renderDesk("/desk/sign-in?next=%2Finbox%3Fstate%3Ddead");
  const code = await passPassword(user);
  await waitFor(() => expect(code).toHaveFocus());

  await user.type(code, "000000");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await alertSaying(/That code is not right/)).toBeVisible();

  await user.clear(code);
  await user.type(code, "123 456");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/desk/inbox"));
  expect(router.state.location.search).toBe("?state=dead");
  expect(api.callsTo("POST /sign-in/code").map((call) => call.body)).toEqual([
    { code: "000000" },
    { code: "123456" },
  ]);
});

test("a backup code can stand in for the app", async () => {
  const user = userEvent.setup();
  const api = signInApi(() => ({ body: { user: admin } }));
  const { router } = renderDesk("/desk/sign-in");
  await passPassword(user);
  await user.click(screen.getByRole("button", { name: "Use a backup code" }));
  await user.type(screen.getByLabelText("Backup code"), "abcd-efgh");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/desk/inbox"));
  expect(api.callsTo("POST /sign-in/code")[0].body).toEqual({ backupCode: "abcd-efgh" });
});

test("a sign-in that expired at the code step starts over from the password", async () => {
  const user = userEvent.setup();
  signInApi(() => ({ status: 401, body: { error: "Sign in to continue" } }));
  renderDesk("/desk/sign-in");
  await user.type(await passPassword(user), "123456");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  expect(await alertSaying(/That took too long/)).toBeVisible();
  expect(screen.getByLabelText("Password")).toBeInTheDocument();
});

test("a next address outside the desk is ignored", async () => {
  const user = userEvent.setup();
  signInApi(() => ({ body: { user: admin } }));
  const { router } = renderDesk("/desk/sign-in?next=%2F%2Fevil.example%2Fsteal");
  await user.type(await passPassword(user), "123456");
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/desk/inbox"));
});

test("while no admin exists, the page says where the setup link is", async () => {
  fakeApi({ "GET /setup": { body: { needsSetup: true } } });
  renderDesk("/desk");
  expect(await screen.findByRole("heading", { level: 1, name: "Set up the lead desk" })).toBeInTheDocument();
  expect(screen.getByText("setupUrl")).toBeInTheDocument();
  expect(screen.getByText(/one-time setup link to its log/)).toBeInTheDocument();
});
