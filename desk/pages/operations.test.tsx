// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SessionInfo } from "../api/types";
import { admin, fakeApi } from "../testing/fake-api";
import { renderDesk } from "../testing/render";

test("consent look-up: an address looks up by e-mail, anything else by phone, kept in the URL", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /consents": ({ query }) => ({
      body: {
        items: query.get("phone")
          ? [
              {
                applicationId: "app-1",
                consentedAt: "2024-05-01T14:03:00Z",
                consentVersion: "sms-consent-2024-01",
                consentSha256: "ab".repeat(32),
                phone: "+1 212 555 0100",
                email: "ada@example.test",
                companyName: "Acme Robotics",
              },
            ]
          : [],
      },
    }),
  });
  const { router } = renderDesk("/desk/consents");
  const field = await screen.findByLabelText("Phone or email");
  await user.type(field, "+1 212 555 0100");
  await user.click(screen.getByRole("button", { name: "Look up" }));
  expect(await screen.findByRole("link", { name: "Acme Robotics" })).toHaveAttribute(
    "href",
    "/desk/applications/app-1",
  );
  expect(router.state.location.search).toBe("?phone=%2B1+212+555+0100");

  await user.clear(screen.getByLabelText("Phone or email"));
  await user.type(screen.getByLabelText("Phone or email"), "nobody@example.test");
  await user.click(screen.getByRole("button", { name: "Look up" }));
  expect(await screen.findByText("No consent record has this email address.")).toBeVisible();
  expect(api.callsTo("GET /consents").at(-1)!.query.get("email")).toBe("nobody@example.test");
});

test("account: another session can be ended; this one ends by signing out", async () => {
  const user = userEvent.setup();
  const session = (id: string, current: boolean, agent: string): SessionInfo => ({
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
