// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

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
