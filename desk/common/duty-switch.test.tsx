// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

/** The desk as a member on duty sees it, with the server's answers to their switch. */
function dutyApi(answer: (onDuty: boolean) => { status?: number; body: unknown }) {
  let me = { ...staffer, onDuty: true };
  return fakeApi({
    "GET /me": () => ({ body: me }),
    "GET /applications": { body: { items: [], nextCursor: null, total: 0 } },
    "PATCH /me/duty": ({ body }) => {
      const result = answer((body as { onDuty: boolean }).onDuty);
      if (!result.status) me = result.body as typeof me;
      return result;
    },
  });
}

test("every member sees their own On duty switch in the navigation, and switches it", async () => {
  const user = userEvent.setup();
  const api = dutyApi((onDuty) => ({ body: { ...staffer, onDuty } }));
  renderDesk("/desk/inbox");
  const duty = await screen.findByRole("switch", { name: "On duty" });
  expect(duty).toBeChecked();

  await user.click(duty);
  await waitFor(() => expect(duty).not.toBeChecked());
  expect(api.callsTo("PATCH /me/duty").map((call) => call.body)).toEqual([{ onDuty: false }]);
  // Who is signed in is read again, so every page knows.
  await waitFor(() => expect(api.callsTo("GET /me").length).toBeGreaterThan(1));
  expect(screen.getByRole("switch", { name: "On duty" })).not.toBeChecked();

  await user.click(duty);
  await waitFor(() => expect(duty).toBeChecked());
  expect(api.callsTo("PATCH /me/duty").map((call) => call.body)).toEqual([
    { onDuty: false },
    { onDuty: true },
  ]);
});

test("when the server refuses, the switch goes back and says it was not saved", async () => {
  const user = userEvent.setup();
  dutyApi(() => ({ status: 503, body: { error: "The store is not answering" } }));
  renderDesk("/desk/inbox");
  const duty = await screen.findByRole("switch", { name: "On duty" });
  await user.click(duty);
  expect(await screen.findByRole("alert")).toHaveTextContent("Not saved: The store is not answering");
  expect(duty).toBeChecked();
});
