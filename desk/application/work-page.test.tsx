// @vitest-environment jsdom
/**
 * Working an application on its page: reaching the applicant (tel: and
 * mailto: links, first on the page), the work status (closing asks why),
 * notes and logged calls landing on the timeline, claiming it, the server's
 * refusals at their field, and the timeline's words for every activity.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ApplicationDetail } from "#domain/desk/contract";
import { activity, applicationDetail as detail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const STAFF = { items: [admin, staffer].map(({ id, name, email }) => ({ id, name, email })) };

/** The page with `initial`; each POST route answers what its handler returns. */
function openPage(initial: ApplicationDetail, posts: Record<string, (body: unknown) => unknown> = {}) {
  return fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: initial },
    "GET /staff/active": { body: STAFF },
    ...Object.fromEntries(
      Object.entries(posts).map(([route, answer]) => [
        `POST /applications/app-1/${route}`,
        (call: { body: unknown }) => ({ body: answer(call.body) }),
      ]),
    ),
  });
}

const timelineTitles = () =>
  within(screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!)
    .getAllByRole("listitem")
    .map((item) => item.querySelector("p")!.textContent);

test("the applicant's phone and e-mail are links to call and write, before anything else about it", async () => {
  openPage(detail());
  renderDesk("/desk/applications/app-1");
  const call = await screen.findByRole("link", { name: /Call \+1 212 555 0100/ });
  expect(call).toHaveAttribute("href", "tel:+12125550100");
  const write = screen.getByRole("link", { name: /E-mail ada@example\.com/ });
  expect(write).toHaveAttribute(
    "href",
    "mailto:ada@example.com?subject=Your%20funding%20application%20HL-7K3M9Q2X",
  );
  const contact = screen.getByRole("heading", { level: 2, name: "Ada Lovelace" });
  expect(contact.closest("section")).toHaveTextContent("CEO, Acme Robotics");
  // First on a phone: the contact card comes before the work panel, the actions and the answers.
  const later = [
    screen.getByRole("heading", { level: 2, name: "Work" }),
    screen.getByRole("group", { name: "Actions" }),
    screen.getByRole("heading", { level: 2, name: "Funding Details" }),
  ];
  for (const element of later) {
    expect(contact.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }
});

test("a phone number without a country code dials +1; one with a code keeps it", async () => {
  openPage(detail({ application: { ...detail().application, phone: "(212) 555-0147" } }));
  renderDesk("/desk/applications/app-1");
  expect(await screen.findByRole("link", { name: /Call/ })).toHaveAttribute("href", "tel:+12125550147");
});

test("closing asks why before anything is sent, then the timeline says it", async () => {
  const user = userEvent.setup();
  const api = openPage(detail(), {
    "work-status": () =>
      detail({
        workStatus: "closed",
        closeReason: "no_response",
        firstTouchedAt: "2024-05-01T15:00:00Z",
        timeline: [
          activity({
            at: "2024-05-01T15:00:00Z",
            activity: "status",
            by: "Ada Admin",
            workStatus: "closed",
            closeReason: "no_response",
          }),
        ],
      }),
  });
  renderDesk("/desk/applications/app-1");
  await user.selectOptions(await screen.findByLabelText("Change to"), "closed");
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(screen.getByLabelText("Close reason")).toHaveAccessibleDescription("Say why it is closed");
  expect(api.callsTo("POST /applications/app-1/work-status")).toHaveLength(0);

  await user.selectOptions(screen.getByLabelText("Close reason"), "no_response");
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(await screen.findByText("Status set to Closed: No response.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/work-status")[0].body).toEqual({
    status: "closed",
    closeReason: "no_response",
  });
  expect(timelineTitles()).toEqual(["Status set to Closed: No response"]);
  expect(screen.getByText("Work status").nextElementSibling).toHaveTextContent("Closed: No response");
  // The clock stopped at that first touch.
  expect(screen.getByText(/^Touched after 57 min/)).toBeVisible();
});

test("a note is added to the timeline; the server's refusal shows at the field", async () => {
  const user = userEvent.setup();
  let refuse = true;
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail() },
    "GET /staff/active": { body: STAFF },
    "POST /applications/app-1/notes": (call) => {
      if (refuse) {
        refuse = false;
        const message = "Remove the control characters from the note";
        return { status: 400, body: { error: message, errors: { body: message } } };
      }
      return {
        body: detail({
          timeline: [
            activity({
              at: "2024-05-01T15:00:00Z",
              activity: "note",
              by: "Ada Admin",
              body: (call.body as { body: string }).body,
            }),
          ],
        }),
      };
    },
  });
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("button", { name: "Add note" }));
  expect(screen.getByLabelText("Note")).toHaveAccessibleDescription("Write the note first");
  expect(api.callsTo("POST /applications/app-1/notes")).toHaveLength(0);

  await user.type(screen.getByLabelText("Note"), "Wants a call after 3 pm{enter}Ask for Dana");
  await user.click(screen.getByRole("button", { name: "Add note" }));
  expect(await screen.findByText("Remove the control characters from the note")).toBeVisible();
  expect(screen.getByLabelText("Note")).toHaveAttribute("aria-invalid", "true");

  await user.click(screen.getByRole("button", { name: "Add note" }));
  expect(await screen.findByText("Note added.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/notes")[1].body).toEqual({
    body: "Wants a call after 3 pm\nAsk for Dana",
  });
  expect(timelineTitles()).toEqual(["Note"]);
  const entry = screen.getByText(/^Wants a call after 3 pm/);
  expect(entry.textContent).toBe("Wants a call after 3 pm\nAsk for Dana");
  expect(entry.closest("li")).toHaveTextContent("By Ada Admin");
  expect(screen.getByLabelText("Note")).toHaveValue("");
});

test("a call is logged with its outcome and note", async () => {
  const user = userEvent.setup();
  const api = openPage(detail(), {
    contacts: (body) =>
      detail({
        timeline: [
          activity({
            at: "2024-05-01T15:00:00Z",
            activity: "call",
            by: "Ada Admin",
            outcome: (body as { outcome: "left_voicemail" }).outcome,
            body: (body as { note: string }).note,
          }),
        ],
      }),
  });
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("button", { name: "Call" }));
  expect(screen.getByRole("button", { name: "Call" })).toHaveAttribute("aria-pressed", "true");
  // A call's outcomes only.
  const outcome = screen.getByLabelText("Outcome");
  expect(
    within(outcome)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual(["How did the call go?", "Reached", "Left a voicemail", "No answer", "Wrong number"]);
  await user.click(screen.getByRole("button", { name: "Log call" }));
  expect(outcome).toHaveAccessibleDescription("Choose how it went");

  await user.selectOptions(outcome, "left_voicemail");
  await user.type(screen.getByLabelText("Note (optional)"), "Mailbox nearly full");
  await user.click(screen.getByRole("button", { name: "Log call" }));
  expect(await screen.findByText("Call logged.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/contacts")[0].body).toEqual({
    channel: "call",
    outcome: "left_voicemail",
    note: "Mailbox nearly full",
  });
  expect(timelineTitles()).toEqual(["Call logged: Left a voicemail"]);

  // An e-mail offers the e-mail's outcomes, and sends no note when none was written.
  await user.click(screen.getByRole("button", { name: "E-mail" }));
  await user.selectOptions(screen.getByLabelText("Outcome"), "replied");
  await user.click(screen.getByRole("button", { name: "Log e-mail" }));
  await screen.findByText("E-mail logged.");
  expect(api.callsTo("POST /applications/app-1/contacts")[1].body).toEqual({
    channel: "email",
    outcome: "replied",
  });
});

test("claim makes it yours; the owner list offers the active staff and the round-robin", async () => {
  const user = userEvent.setup();
  const owned = (owner: typeof admin | typeof staffer) => ({
    id: owner.id,
    name: owner.name,
    email: owner.email,
  });
  const api = openPage(detail({ owner: owned(staffer) }), {
    owner: (body) => {
      const ownerId = (body as { ownerId: string | null }).ownerId;
      return detail({ owner: ownerId === admin.id ? owned(admin) : null });
    },
  });
  renderDesk("/desk/applications/app-1");
  const giveTo = await screen.findByLabelText("Give to");
  expect(
    within(giveTo)
      .getAllByRole("option")
      .map((option) => option.textContent),
  ).toEqual(["Nobody (back to the round-robin)", "Ada Admin (you)", "Sam Staff"]);
  expect(giveTo).toHaveValue(staffer.id);
  expect(screen.getByText("Sam Staff", { selector: "span" })).toBeVisible();

  await user.click(screen.getByRole("button", { name: "Claim" }));
  expect(await screen.findByText("It is yours now.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/owner")[0].body).toEqual({ ownerId: admin.id });
  expect(screen.queryByRole("button", { name: "Claim" })).not.toBeInTheDocument();
  expect(screen.getByLabelText("Give to")).toHaveValue(admin.id);

  await user.selectOptions(screen.getByLabelText("Give to"), "");
  await user.click(screen.getByRole("button", { name: "Reassign" }));
  expect(await screen.findByText("Put back for assignment.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/owner")[1].body).toEqual({ ownerId: null });
  expect(screen.getByRole("button", { name: "Claim" })).toBeVisible();
});

test("a quarantined application is not worked: no claim, and saying so", async () => {
  openPage(detail({ state: "quarantined", quarantineReason: "Honeypot filled", delivery: null }));
  renderDesk("/desk/applications/app-1");
  expect(await screen.findByText("Release it from quarantine to work on it.")).toBeVisible();
  expect(screen.queryByRole("button", { name: "Claim" })).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Add note" })).toBeDisabled();
});

test("every kind of entry on the timeline reads in words, with who and when", async () => {
  openPage(
    detail({
      timeline: [
        activity({ at: "2024-05-01T14:03:02Z", activity: "assignment", ownerName: "Sam Staff" }),
        activity({ at: "2024-05-01T14:10:00Z", activity: "assignment", ownerName: null, by: "Ada Admin" }),
        activity({ at: "2024-05-01T14:20:00Z", activity: "email", outcome: "bounced", by: "Sam Staff" }),
        activity({
          at: "2024-05-01T15:00:00Z",
          activity: "stage",
          stage: "qualified",
          workStatus: "qualified",
        }),
        activity({ at: "2024-05-01T15:01:00Z", activity: "stage", stage: "contacted" }),
        activity({
          at: "2024-05-01T14:30:00Z",
          activity: "stage",
          stage: "qualified",
          overtakenBy: "2024-05-01T15:00:00Z",
        }),
        activity({
          at: "2024-05-01T16:00:00Z",
          activity: "booking",
          scheduledAt: "2024-05-03T18:00:00Z",
          booker: { name: "Ada Lovelace", email: "ada@example.com", applicant: true },
        }),
        activity({
          at: "2024-05-02T16:00:00Z",
          activity: "stage",
          stage: "funded",
          amount: "240000",
          workStatus: "closed",
          closeReason: "funded",
        }),
      ],
    }),
  );
  renderDesk("/desk/applications/app-1");
  await screen.findByRole("heading", { level: 2, name: "Timeline" });
  expect(timelineTitles()).toEqual([
    "Assigned to Sam Staff",
    "Put back for assignment",
    "E-mail logged: Bounced",
    "CRM reported: Qualified",
    "CRM reported: Contacted",
    "CRM reported: Qualified",
    "Call booked for May 3, 2024, 2:00 PM EDT",
    "CRM reported: Funded, $240,000",
  ]);
  const items = within(
    screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!,
  ).getAllByRole("listitem");
  expect(items[0]).toHaveTextContent("By the round-robin");
  expect(items[0]).toHaveTextContent("May 1, 2024, 10:03 AM EDT");
  expect(items[1]).toHaveTextContent("By Ada Admin");
  expect(items[3]).toHaveTextContent("Status set to Qualified");
  expect(items[3]).toHaveTextContent("From the CRM");
  expect(items[4]).toHaveTextContent("Nothing moved: it was already this far along");
  // Overtaken: what happened, not "already this far along", which was not true at its own time.
  expect(items[5]).toHaveTextContent(
    "Arrived after a later CRM report (May 1, 2024, 11:00 AM EDT): not applied",
  );
  expect(items[5]).not.toHaveTextContent("Nothing moved");
  expect(items[6]).toHaveTextContent("From the booking service");
  expect(items[6]).toHaveTextContent("Booked by Ada Lovelace <ada@example.com>");
  expect(items[6]).not.toHaveTextContent("Booked by someone else");
  expect(items[7]).toHaveTextContent("Status set to Closed: Funded");
});

test("a call booked by someone other than the applicant says who, under a warning badge", async () => {
  openPage(
    detail({
      timeline: [
        activity({
          at: "2024-05-01T16:00:00Z",
          activity: "booking",
          scheduledAt: "2024-05-03T18:00:00Z",
          booker: { name: "Mallory Stranger", email: "mallory@example.net", applicant: false },
        }),
        activity({ at: "2024-05-01T17:00:00Z", activity: "booking", scheduledAt: "2024-05-04T18:00:00Z" }),
      ],
    }),
  );
  renderDesk("/desk/applications/app-1");
  await screen.findByRole("heading", { level: 2, name: "Timeline" });
  const [stranger, unknown] = within(
    screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!,
  ).getAllByRole("listitem");
  expect(within(stranger).getByText("Booked by someone else")).toBeVisible();
  expect(stranger).toHaveTextContent("Booked by Mallory Stranger <mallory@example.net>");
  expect(unknown).toHaveTextContent("Who booked it was not reported");
  expect(within(unknown).queryByText("Booked by someone else")).toBeNull();
});
