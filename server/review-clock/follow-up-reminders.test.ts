/**
 * Follow-ups in the review clock's e-mails, on both engines: a rep who set
 * "call back at" on a lead is reminded when it comes within REVIEW_DUE_SOON,
 * in their one reminder ("Your call-backs", linked to the lead), once per
 * time set (moving it reminds again); an admin who owns one hears of it in
 * the admins' message; nobody else hears of it, and a closed or unowned
 * lead's follow-up reminds no one. The provider is in Chicago here.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInStaff } from "../../test/support/desk";
import { deskClient } from "../../test/support/desk-applications";
import {
  countByRecipient,
  forgetTurns,
  listedLinks,
  placeApplication,
  reviewMails,
  type Placed,
} from "../../test/support/review-alerts";
import { ENGINES, useTestApp } from "../../test/support/server";
import { createReviewAlerts } from "./alerts";

const ENV = {
  DESK_TIME_ZONE: "America/Chicago",
  REVIEW_DUE_SOON: "4h",
  REVIEW_ALERT_INTERVAL: "30m",
  STAFF_ALERT_EMAILS: "",
};
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(ENGINES)("follow-up reminders on %s", (engine) => {
  const ctx = useTestApp(engine, { env: ENV, resetEach: false });
  const store = () => ctx.db.store;
  const people = {} as Record<
    "ada" | "bea" | "olive" | "oscar",
    { userId: string; email: string; cookie: string }
  >;
  const pass = (now: Date) => createReviewAlerts(store(), ctx.app.config).run(now);
  // Touched leads: only their follow-ups can fall due (their review clocks stopped).
  const place = (placed: Omit<Placed, "dueIn">) =>
    placeApplication(ctx.app, store(), { ...placed, dueIn: -600, touched: true });
  const admin = deskClient(
    () => ctx.app,
    () => people.ada.cookie,
  );
  const callBackAt = async (id: string, at: Date | null) => {
    const response = await admin.post(`/api/desk/applications/${id}/follow-up`, {
      at: at?.toISOString() ?? null,
    });
    expect(response.statusCode).toBe(200);
  };
  const remindersTo = async (email: string) =>
    (await reviewMails(store())).filter((mail) => mail.to === email);

  beforeAll(async () => {
    people.ada = await signedInStaff(ctx.app, { role: "admin", email: "ada.admin@harborline.test" });
    people.bea = await signedInStaff(ctx.app, { role: "admin", email: "bea.admin@harborline.test" });
    people.olive = await signedInStaff(ctx.app, { role: "staff", email: "olive.owner@harborline.test" });
    people.oscar = await signedInStaff(ctx.app, { role: "staff", email: "oscar.owner@harborline.test" });
  });
  beforeEach(async () => {
    await ctx.db.reset();
    await forgetTurns(store());
  });

  it("reminds the owner of a follow-up coming due, once per time set, as a call-back in their reminder", async () => {
    // Whole minutes, in the future (the API takes no time in the past).
    const at = new Date(Math.ceil((Date.now() + 2 * DAY) / 3_600_000) * 3_600_000);
    const id = await place({ company: "Olive Callback", ownerId: people.olive.userId });
    const later = await place({ company: "Olive Next Week", ownerId: people.olive.userId });
    const closed = await place({ company: "Olive Closed", ownerId: people.olive.userId });
    const nobodys = await place({ company: "Nobody's Callback", ownerId: null });
    await callBackAt(id, at);
    await callBackAt(later, new Date(at.getTime() + 5 * DAY));
    await callBackAt(closed, at);
    await callBackAt(nobodys, at);
    await store().query(
      "UPDATE applications SET work_status = 'closed', close_reason = 'duplicate' WHERE id = $1",
      [closed],
    );

    // Five hours before: not yet due soon.
    expect(await pass(new Date(at.getTime() - 5 * 60 * MINUTE))).toEqual({ reminders: 0, alerts: 0 });
    // An hour before: Olive's reminder lists it, and only it.
    const hourBefore = new Date(at.getTime() - 60 * MINUTE);
    expect(await pass(hourBefore)).toEqual({ reminders: 1, alerts: 0 });
    const [mail] = await remindersTo(people.olive.email);
    expect(mail).toMatchObject({ kind: "review-reminder", subject: "Call back: Olive Callback" });
    expect(mail.text).toMatch(/your call-backs/i);
    expect(listedLinks(mail.text)).toEqual([`/desk/applications/${id}`]);
    expect(mail.text).toContain("1 h left");
    expect(mail.text).toMatch(/CST|CDT/);
    expect(countByRecipient(await reviewMails(store()))).toEqual({ [people.olive.email]: 1 });

    // Once: later passes (after the interval too) say nothing more of it.
    expect(await pass(new Date(hourBefore.getTime() + 31 * MINUTE))).toEqual({ reminders: 0, alerts: 0 });
    // Moved: a new time, a new reminder when it comes near.
    const moved = new Date(at.getTime() + DAY);
    await callBackAt(id, moved);
    expect(await pass(new Date(moved.getTime() - 30 * MINUTE))).toEqual({ reminders: 1, alerts: 0 });
    expect((await remindersTo(people.olive.email)).map((sent) => sent.subject)).toEqual([
      "Call back: Olive Callback",
      "Call back: Olive Callback",
    ]);
    // Cleared: nothing.
    await callBackAt(later, null);
    expect(await pass(new Date(at.getTime() + 5 * DAY))).toEqual({ reminders: 0, alerts: 0 });
    expect(await remindersTo(people.oscar.email)).toEqual([]);
  });

  it("lists an admin's own follow-up in the admins' message to them, and in no one else's", async () => {
    const at = new Date(Math.ceil((Date.now() + 3 * DAY) / 3_600_000) * 3_600_000);
    const id = await place({ company: "Ada Callback", ownerId: people.ada.userId });
    await callBackAt(id, at);
    expect(await pass(new Date(at.getTime() - 2 * 60 * MINUTE))).toEqual({ reminders: 0, alerts: 1 });
    const mails = await reviewMails(store());
    expect(countByRecipient(mails)).toEqual({ [people.ada.email]: 1 });
    expect(mails[0]).toMatchObject({ kind: "review-overdue", subject: "Call back: Ada Callback" });
    expect(listedLinks(mails[0].text)).toEqual([`/desk/applications/${id}`]);
    // Once.
    expect(await pass(new Date(at.getTime() - 60 * MINUTE))).toEqual({ reminders: 0, alerts: 0 });
  });
});
