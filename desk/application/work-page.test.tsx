// @vitest-environment jsdom
/**
 * Working an application on its page: reaching the applicant (tel: and
 * mailto: links, first on the page, the call's log form right after them),
 * the work status (closing asks why), a call logged in one save (outcome,
 * status, note and follow-up on one timeline entry, the focus kept), notes,
 * the follow-up on its own, claiming it, the server's refusals at their
 * field, and the timeline's words for every activity.
 */
import { screen, waitFor, within } from "@testing-library/react";
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
  // The log form opens on a call (the rep's loop); a note alone is one choice away.
  await user.click(await screen.findByRole("radio", { name: "Note only" }));
  await user.click(screen.getByRole("button", { name: "Add note" }));
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

/** Tomorrow in the desk's zone (New York), as the form sends a wall-clock time. */
const tomorrowAt = (time: string) => {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(
    new Date(Date.now() + 24 * 3_600_000),
  );
  return `${day}T${time}`;
};

test("a call is logged with its outcome and note; no answer or a voicemail suggests calling back tomorrow", async () => {
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
  expect(await screen.findByRole("radio", { name: "Call" })).toBeChecked();
  // A call's outcomes only, one click each.
  const outcomes = screen.getByRole("group", { name: "Outcome" });
  expect(
    within(outcomes)
      .getAllByRole("radio")
      .map((radio) => radio.closest("label")!.textContent),
  ).toEqual(["Reached", "Left a voicemail", "No answer", "Wrong number"]);
  await user.click(screen.getByRole("button", { name: "Log call" }));
  expect(outcomes).toHaveAttribute("aria-invalid", "true");
  // Each outcome points at the error (jsdom's description leaves radio buttons out, so by id).
  const described = (radio: HTMLElement) =>
    radio
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((ref) => document.getElementById(ref)!.textContent)
      .join(" ")
      .trim();
  expect(described(screen.getByRole("radio", { name: "Reached" }))).toBe("Choose how it went");
  expect(api.callsTo("POST /applications/app-1/contacts")).toHaveLength(0);

  await user.click(screen.getByRole("radio", { name: "Left a voicemail" }));
  expect(described(screen.getByRole("radio", { name: "Reached" }))).toBe("The status stays New.");
  expect(screen.getByLabelText("Next step")).toHaveDisplayValue("Call back tomorrow, 10:00");
  await user.type(screen.getByLabelText("Note (optional)"), "Mailbox nearly full");
  await user.click(screen.getByRole("button", { name: "Log call" }));
  expect(await screen.findByText(/^Call logged: Left a voicemail\./)).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/contacts")[0].body).toEqual({
    channel: "call",
    outcome: "left_voicemail",
    note: "Mailbox nearly full",
    followUpAt: tomorrowAt("10:00"),
  });
  expect(timelineTitles()).toEqual(["Call logged: Left a voicemail"]);

  // An e-mail offers the e-mail's outcomes, and sends no note, and no follow-up, when none was chosen.
  await user.click(screen.getByRole("radio", { name: "E-mail" }));
  await user.click(screen.getByRole("radio", { name: "Replied" }));
  expect(screen.getByText("Saves the status as Contacted.")).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Log e-mail" }));
  await screen.findByText(/^E-mail logged: Replied\./);
  expect(api.callsTo("POST /applications/app-1/contacts")[1].body).toEqual({
    channel: "email",
    outcome: "replied",
  });
});

test("reached, a note and a follow-up in ONE save: Contacted, one timeline entry, the follow-up on the header, the focus kept", async () => {
  const user = userEvent.setup();
  const followUpAt = "2030-03-04T15:00:00.000Z";
  const api = openPage(detail(), {
    contacts: (body) =>
      detail({
        workStatus: "contacted",
        firstTouchedAt: "2024-05-01T15:00:00Z",
        followUpAt,
        timeline: [
          activity({
            at: "2024-05-01T15:00:00Z",
            activity: "call",
            by: "Ada Admin",
            outcome: "reached",
            body: (body as { note: string }).note,
            workStatus: "contacted",
            followUpAt,
          }),
        ],
      }),
  });
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("radio", { name: "Reached" }));
  expect(screen.getByText("Saves the status as Contacted.")).toBeVisible();
  await user.selectOptions(screen.getByLabelText("Next step"), "pick");
  await user.type(screen.getByLabelText("Call back at"), "2030-03-04T10:00");
  await user.type(screen.getByLabelText("Note (optional)"), "Wants 50k by March");
  const save = screen.getByRole("button", { name: "Log call" });
  await user.click(save);
  expect(
    await screen.findByText("Call logged: Reached. Now Contacted. Call back Mar 4, 2030, 10:00 AM EST."),
  ).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/contacts")).toHaveLength(1);
  expect(api.callsTo("POST /applications/app-1/contacts")[0].body).toEqual({
    channel: "call",
    outcome: "reached",
    note: "Wants 50k by March",
    followUpAt: "2030-03-04T10:00",
  });
  // Nothing else was posted: no separate status change, no separate note.
  expect(api.callsTo("POST /applications/app-1/work-status")).toHaveLength(0);
  expect(api.callsTo("POST /applications/app-1/notes")).toHaveLength(0);
  expect(timelineTitles()).toEqual(["Call logged: Reached"]);
  const entry = screen.getByText("Call logged: Reached", { selector: "li p" }).closest("li")!;
  expect(entry).toHaveTextContent("Status set to Contacted");
  expect(entry).toHaveTextContent("Call back Mar 4, 2030, 10:00 AM EST");
  expect(entry).toHaveTextContent("Wants 50k by March");
  expect(screen.getByText(/^Next follow-up:/)).toHaveTextContent("Next follow-up: Mar 4, 2030, 10:00 AM EST");
  expect(screen.getByText("Work status").nextElementSibling).toHaveTextContent("Contacted");
  // The focus stays where the rep is; the form is ready for the next one.
  expect(save).toHaveFocus();
  expect(screen.getByLabelText("Note (optional)")).toHaveValue("");
  expect(screen.getByLabelText("Next step")).toHaveDisplayValue("Keep: call back Mar 4, 10:00 AM");
});

test("right after the phone link is used, the call form is shown with the focus in its outcome", async () => {
  const user = userEvent.setup();
  openPage(detail());
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("radio", { name: "Note only" }));
  expect(screen.queryByRole("group", { name: "Outcome" })).not.toBeInTheDocument();
  const call = screen.getByRole("link", { name: /Call \+1 212 555 0100/ });
  // jsdom does not dial: the click is what the page hears.
  call.addEventListener("click", (event) => event.preventDefault());
  await user.click(call);
  await waitFor(() => expect(screen.getByRole("radio", { name: "Reached" })).toHaveFocus());
  expect(screen.getByRole("radio", { name: "Call" })).toBeChecked();
  // The log form sits right after the contact card, before the work panel.
  const form = screen.getByRole("form", { name: "Log the call" });
  const work = screen.getByRole("heading", { level: 2, name: "Work" });
  expect(call.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(form.compareDocumentPosition(work) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test("a follow-up is set, moved and cleared on its own from the work panel", async () => {
  const user = userEvent.setup();
  const answers = ["2030-03-04T15:00:00.000Z", "2030-03-05T14:30:00.000Z", null];
  const api = openPage(detail(), {
    "follow-up": () => detail({ followUpAt: answers.shift() ?? null }),
  });
  renderDesk("/desk/applications/app-1");
  const field = await screen.findByLabelText("Follow-up time");
  await user.click(screen.getByRole("button", { name: "Set follow-up" }));
  expect(field).toHaveAccessibleDescription(/Choose when to call back/);
  await user.type(field, "2030-03-04T10:00");
  await user.click(screen.getByRole("button", { name: "Set follow-up" }));
  expect(await screen.findByText("Follow-up set: call back Mar 4, 2030, 10:00 AM EST.")).toBeVisible();
  expect(screen.getByText(/^Next follow-up:/)).toHaveTextContent("Mar 4, 2030, 10:00 AM EST");
  expect(screen.getByLabelText("Follow-up time")).toHaveValue("2030-03-04T10:00");

  await user.clear(screen.getByLabelText("Follow-up time"));
  await user.type(screen.getByLabelText("Follow-up time"), "2030-03-05T09:30");
  await user.click(screen.getByRole("button", { name: "Move follow-up" }));
  expect(await screen.findByText("Follow-up set: call back Mar 5, 2030, 9:30 AM EST.")).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Clear follow-up" }));
  expect(await screen.findByText("Follow-up cleared.")).toBeVisible();
  expect(screen.queryByText(/^Next follow-up:/)).not.toBeInTheDocument();
  expect(api.callsTo("POST /applications/app-1/follow-up").map((call) => call.body)).toEqual([
    { at: "2030-03-04T10:00" },
    { at: "2030-03-05T09:30" },
    { at: null },
  ]);
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
  expect(screen.getByRole("button", { name: "Log call" })).toBeDisabled();
  expect(screen.queryByLabelText("Follow-up time")).not.toBeInTheDocument();
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

test("the decision's clock shows beside the review clock once documents are complete: due, overdue, decided", async () => {
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const now = Date.now();
  const documentsCompleteAt = iso(now - 38 * hour);
  const decision = { documentsCompleteAt, dueAt: iso(now + 10 * hour), decidedAt: null };
  const user = userEvent.setup();
  openPage(detail({ workStatus: "underwriting", firstTouchedAt: "2024-05-01T15:00:00Z", decision }), {
    "work-status": () =>
      detail({
        workStatus: "closed",
        closeReason: "funded",
        firstTouchedAt: "2024-05-01T15:00:00Z",
        decision: { ...decision, decidedAt: iso(now - 7 * hour) },
      }),
  });
  const { unmount } = renderDesk("/desk/applications/app-1");
  const clock = await screen.findByTestId("decision-clock");
  expect(clock).toHaveTextContent(/^Decision due by \w{3} \d+, \d{4}, \d+:\d\d [AP]M/);
  expect(clock.querySelector("time")).toHaveAttribute("dateTime", decision.dueAt);
  expect(clock).toHaveTextContent("Documents complete");

  // Decided: how long it took from documents complete.
  await user.selectOptions(screen.getByLabelText("Change to"), "closed");
  await user.selectOptions(screen.getByLabelText("Close reason"), "funded");
  await user.click(screen.getByRole("button", { name: "Close" }));
  expect(await screen.findByText("Decided in 31 h")).toBeVisible();
  unmount();

  openPage(
    detail({ workStatus: "underwriting", decision: { ...decision, dueAt: iso(now - 2 * hour - 60_000) } }),
  );
  renderDesk("/desk/applications/app-1");
  expect(await screen.findByText("Decision overdue by 2 h 1 min")).toBeVisible();
});

test("no decision clock before documents are complete", async () => {
  openPage(detail({ workStatus: "underwriting" }));
  renderDesk("/desk/applications/app-1");
  expect(await screen.findByText(/Review promised by/)).toBeVisible();
  expect(screen.queryByTestId("decision-clock")).toBeNull();
  expect(screen.queryByText(/Decision/)).toBeNull();
});
