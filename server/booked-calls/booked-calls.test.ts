/**
 * A booked call, through real HTTP on both engines: the booking service's
 * webhook makes it the lead's current call (its header's and inbox row's
 * bookedCallAt; a later booking moves it, a late older report does not), and
 * the lead's owner gets one e-mail naming the lead and the time with a link,
 * within the staff alerts' one-per-interval rule: a second call booked inside
 * the interval waits for the pass after it. No owner, or a call already
 * past: no e-mail.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInStaff } from "../../test/support/desk";
import { at, MINUTE, postSigned, useInboundApp } from "../../test/support/inbound";
import { forgetTurns } from "../../test/support/review-alerts";
import { ENGINES } from "../../test/support/server";
import { createBookedCallAlerts } from "./booked-call-alerts";

const CALL = "2030-01-15T15:30:00.000Z";
const LATER_CALL = "2030-01-16T17:00:00.000Z";

interface StoredMail {
  to_address: string;
  subject: string;
  text: string;
  application_id: string | null;
}

describe.each(ENGINES)("a booked call on %s", (engine) => {
  const { ctx, store, desk, application } = useInboundApp(engine);
  let owner: { userId: string; email: string };

  beforeAll(async () => {
    owner = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(async () => {
    await forgetTurns(store());
    await store().query("DELETE FROM mail_outbox WHERE kind = 'call-booked'");
  });

  const book = (bookingToken: string, scheduledAt: string, reportedAt = at(-MINUTE)) =>
    postSigned(ctx.app, "booking", {
      type: "call.booked",
      timestamp: reportedAt,
      data: { bookingToken, scheduledAt },
    });

  async function ownedLead(company: string) {
    const lead = await application({ companyName: company });
    await store().query("UPDATE applications SET owner_id = $2 WHERE id = $1", [lead.id, owner.userId]);
    return lead;
  }

  const mails = async () =>
    (
      await store().query<StoredMail>(
        "SELECT to_address, subject, text, application_id::text AS application_id FROM mail_outbox WHERE kind = 'call-booked' ORDER BY id",
      )
    ).rows;

  const detail = async (id: string) => (await desk.get(`/api/desk/applications/${id}`)).json();

  it("e-mails the owner once, naming the lead and the time with a link; the lead's header and inbox row show it", async () => {
    const lead = await ownedLead("Booked Bakery");
    const response = await book(lead.bookingToken, "2030-01-15T10:30:00-05:00");
    expect(response.json()).toMatchObject({ outcome: "booked", applicationId: lead.id });

    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail.to_address).toBe(owner.email);
    // The time in DESK_TIME_ZONE with its abbreviation.
    expect(mail.subject).toBe("Call booked: Booked Bakery, Tue, Jan 15, 10:30 AM EST");
    expect(mail.text).toContain(lead.reference);
    expect(mail.text).toContain(`/desk/applications/${lead.id}`);
    // On the lead's own timeline too, as an e-mail to its owner.
    expect(mail.application_id).toBe(lead.id);

    expect((await detail(lead.id)).bookedCallAt).toBe(CALL);
    const inbox = (await desk.get("/api/desk/applications")).json();
    expect(inbox.items.find((item: { id: string }) => item.id === lead.id)).toMatchObject({
      bookedCallAt: CALL,
    });
  });

  it("sends no second e-mail within the interval: the pass after it sends the calls booked meanwhile, once", async () => {
    const first = await ownedLead("First Forge");
    const second = await ownedLead("Second Smithy");
    await book(first.bookingToken, CALL);
    await book(second.bookingToken, LATER_CALL);
    // The first moved to a later time: told again, in the same waiting message.
    await book(first.bookingToken, LATER_CALL, at(-MINUTE / 2));
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      "Call booked: First Forge, Tue, Jan 15, 10:30 AM EST",
    ]);

    const alerts = createBookedCallAlerts(store(), ctx.app.config);
    const interval = ctx.app.config.review.alertIntervalMs;
    expect(await alerts.run(new Date(Date.now() + interval / 2))).toBe(0);
    expect(await alerts.run(new Date(Date.now() + interval + MINUTE))).toBe(1);
    const waited = (await mails())[1];
    expect(waited.subject).toBe("Calls booked: 2 of your leads");
    expect(waited.text).toContain("First Forge");
    expect(waited.text).toContain("Second Smithy");
    expect(waited.text).toContain("Wed, Jan 16, 12:00 PM EST");
    expect(waited.application_id).toBeNull();
    // Told: nothing more, however late the next pass.
    expect(await alerts.run(new Date(Date.now() + 3 * interval))).toBe(0);
    expect(await mails()).toHaveLength(2);
  });

  it("tells nobody about a lead without an owner, nor about a call already past", async () => {
    const nobodys = await application({ companyName: "Nobody's Nursery" });
    await book(nobodys.bookingToken, CALL);
    const past = await ownedLead("Past Pantry");
    await book(past.bookingToken, at(-5 * MINUTE));
    const alerts = createBookedCallAlerts(store(), ctx.app.config);
    expect(await alerts.run(new Date(Date.now() + 3 * ctx.app.config.review.alertIntervalMs))).toBe(0);
    expect(await mails()).toEqual([]);
    // Both are still the leads' booked calls.
    expect((await detail(nobodys.id)).bookedCallAt).toBe(CALL);
    expect((await detail(past.id)).bookedCallAt).not.toBeNull();
  });

  it("keeps the latest booking: a moved call replaces the time, an older report arriving late does not", async () => {
    const lead = await application({ companyName: "Moved Mill" });
    await book(lead.bookingToken, CALL, at(-10 * MINUTE));
    await book(lead.bookingToken, LATER_CALL, at(-5 * MINUTE));
    expect((await detail(lead.id)).bookedCallAt).toBe(LATER_CALL);
    await book(lead.bookingToken, "2030-01-20T15:00:00Z", at(-20 * MINUTE));
    expect((await detail(lead.id)).bookedCallAt).toBe(LATER_CALL);
  });
});
