// @vitest-environment jsdom
/**
 * The lead's keyboard shortcuts: ? lists them in a dialog, c and n open the
 * log form at the call's outcome or the note, a claims the lead, j and k walk
 * the inbox's list the rep came from; none fires while typing in a field or
 * with a modifier held; the focus is not dropped to <body> by a save.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach } from "vitest";
import type { ApplicationDetail } from "#domain/desk/contract";
import { applicationDetail as detail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { inboxItem } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";
import { rememberLeadList } from "../common/lib/lead-list";

const STAFF = { items: [{ id: admin.id, name: admin.name, email: admin.email }] };
const lead = (id: string, company: string) =>
  detail({ id, application: { ...detail().application, companyName: company } });

function openLeads(owner: (body: unknown) => ApplicationDetail = () => detail()) {
  return fakeApi({
    "GET /me": { body: admin },
    "GET /staff/active": { body: STAFF },
    "GET /applications/app-1": { body: lead("app-1", "First Forge") },
    "GET /applications/app-2": { body: lead("app-2", "Second Smithy") },
    "GET /applications/app-3": { body: lead("app-3", "Third Tannery") },
    "POST /applications/app-1/owner": (call) => ({ body: owner(call.body) }),
    "GET /applications/due-counts": { body: { open: 3, dueSoon: 3, overdue: 0, dueSoonMs: 3_600_000 } },
    "GET /applications": {
      body: {
        items: [
          inboxItem(1, { companyName: "First Forge" }),
          inboxItem(2, { companyName: "Second Smithy" }),
          inboxItem(3, { companyName: "Third Tannery" }),
        ],
        total: 3,
        nextCursor: null,
      },
    },
  });
}

// A lead's page loads three things at once; a busy machine takes more than a second.
const heading = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 5000 });

afterEach(() => sessionStorage.clear());

test("? opens the list of shortcuts in a dialog; Esc closes it", async () => {
  const user = userEvent.setup();
  openLeads();
  renderDesk("/desk/applications/app-1");
  await heading("First Forge");
  await user.keyboard("?");
  const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
  for (const key of ["j", "k", "c", "a", "n", "?"])
    expect(within(help).getByText(key, { selector: "kbd" })).toBeVisible();
  expect(help).toHaveTextContent("Claim the lead (give it to you)");
  // Keys inside the dialog are not shortcuts.
  await user.keyboard("c");
  expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  // The button opens it too.
  await user.click(screen.getByRole("button", { name: "Shortcuts" }));
  expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
});

test("c focuses the call's outcome, n the note; typing in a field or with Ctrl held fires nothing", async () => {
  const user = userEvent.setup();
  openLeads();
  const { router } = renderDesk("/desk/applications/app-1");
  await heading("First Forge");

  await user.keyboard("c");
  await waitFor(() => expect(document.activeElement).toHaveAttribute("type", "radio"));
  expect(document.activeElement).toHaveAttribute("value", "reached");
  // On a radio of the form, keys are the form's: n does not move the focus.
  await user.keyboard("n");
  expect(document.activeElement).toHaveAttribute("value", "reached");

  await user.click(screen.getByRole("heading", { level: 1, name: "First Forge" }));
  await user.keyboard("n");
  const note = await screen.findByRole("textbox", { name: "Note" });
  await waitFor(() => expect(note).toHaveFocus());
  await user.keyboard("just j and k?");
  expect(note).toHaveValue("just j and k?");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(router.state.location.pathname).toBe("/desk/applications/app-1");

  await user.click(screen.getByRole("heading", { level: 1, name: "First Forge" }));
  await user.keyboard("{Control>}j{/Control}{Meta>}?{/Meta}{Alt>}c{/Alt}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(router.state.location.pathname).toBe("/desk/applications/app-1");
});

test("a claims the lead; the focus stays in the owner's controls, not on <body>", async () => {
  const user = userEvent.setup();
  const claimed = {
    ...lead("app-1", "First Forge"),
    owner: { id: admin.id, name: admin.name, email: admin.email },
  };
  const api = openLeads(() => claimed);
  renderDesk("/desk/applications/app-1");
  await heading("First Forge");
  await user.click(screen.getByRole("heading", { level: 1, name: "First Forge" }));
  await user.keyboard("a");
  expect(await screen.findByText("It is yours now.")).toBeInTheDocument();
  expect(api.callsTo("POST /applications/app-1/owner").map((call) => call.body)).toEqual([
    { ownerId: admin.id },
  ]);
  expect(screen.queryByRole("button", { name: "Claim" })).toBeNull();
  await waitFor(() => expect(document.activeElement).not.toBe(document.body));
  // Pressed again: it says so, and asks nothing of the server.
  await user.keyboard("a");
  expect(await screen.findByText("It is yours already.")).toBeInTheDocument();
  expect(api.callsTo("POST /applications/app-1/owner")).toHaveLength(1);
});

test("Claim pressed with the mouse or the keyboard: the focus goes to the owner's controls once it is gone", async () => {
  const user = userEvent.setup();
  const claimed = {
    ...lead("app-1", "First Forge"),
    owner: { id: admin.id, name: admin.name, email: admin.email },
  };
  openLeads(() => claimed);
  renderDesk("/desk/applications/app-1");
  await heading("First Forge");
  await user.click(screen.getByRole("button", { name: "Claim" }));
  await screen.findByText("It is yours now.");
  await waitFor(() => expect(screen.getByRole("combobox", { name: "Give to" })).toHaveFocus());
});

test("j and k walk the inbox's list the rep came from, and say where it ends", async () => {
  const user = userEvent.setup();
  openLeads();
  const { router } = renderDesk("/desk/inbox?due=due_soon");
  await user.click((await screen.findAllByRole("link", { name: "Second Smithy" }))[0]);
  await heading("Second Smithy");

  await user.keyboard("j");
  await heading("Third Tannery");
  expect(router.state.location.pathname).toBe("/desk/applications/app-3");
  await user.keyboard("j");
  expect(await screen.findByText("This is the last lead of the list.")).toBeInTheDocument();
  await user.keyboard("k");
  await heading("Second Smithy");
  await user.keyboard("k");
  await heading("First Forge");
  await user.keyboard("k");
  expect(await screen.findByText("This is the first lead of the list.")).toBeInTheDocument();
  // j and k take this lead's place: Back goes to the list.
  router.navigate(-1);
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  expect(router.state.location.search).toBe("?due=due_soon");
});

test("j and k keep the timeline's filter; a lead opened from outside a list says how to get one", async () => {
  const user = userEvent.setup();
  openLeads();
  rememberLeadList({ url: "/inbox", ids: ["app-1", "app-2"] });
  const { router } = renderDesk("/desk/applications/app-1?timeline=work");
  await heading("First Forge");
  await user.keyboard("j");
  await heading("Second Smithy");
  expect(router.state.location.search).toBe("?timeline=work");

  sessionStorage.clear();
  await user.keyboard("k");
  expect(
    await screen.findByText("Open a lead from the inbox to move through its list with j and k."),
  ).toBeInTheDocument();
});
