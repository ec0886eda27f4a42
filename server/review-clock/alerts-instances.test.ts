/**
 * Two server instances on one PostgreSQL, each with its own pool, running
 * their review alert passes at the same moment (two at once each, as a
 * slow pass could overlap the next tick), and again a minute or two later
 * when more has fallen due: every person still gets exactly one message per
 * interval, and is told of each application once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInStaff } from "../../test/support/desk";
import {
  countByRecipient,
  forgetTurns,
  listedLinks,
  minutesAfter,
  placeApplication,
  reviewMails,
} from "../../test/support/review-alerts";
import { useTwoInstances } from "../../test/support/server";
import { createReviewAlerts } from "./alerts";

const OPS = "ops@harborline.test";
const ENV = { REVIEW_DUE_SOON: "4h", REVIEW_ALERT_INTERVAL: "30m", STAFF_ALERT_EMAILS: OPS };

describe("review alerts from two instances at once on postgres", () => {
  const ctx = useTwoInstances({ env: ENV });
  const people = {} as Record<"ada" | "bea" | "olive" | "oscar", { userId: string; email: string }>;

  beforeAll(async () => {
    people.ada = await signedInStaff(ctx.first, { role: "admin", email: "ada.admin@harborline.test" });
    people.bea = await signedInStaff(ctx.second, { role: "admin", email: "bea.admin@harborline.test" });
    people.olive = await signedInStaff(ctx.first, { role: "staff", email: "olive.owner@harborline.test" });
    people.oscar = await signedInStaff(ctx.second, { role: "staff", email: "oscar.owner@harborline.test" });
    await forgetTurns(ctx.first.store);
  });

  it("sends one message per person per interval however the passes race", async () => {
    const instances = [
      createReviewAlerts(ctx.first.store, ctx.first.config),
      createReviewAlerts(ctx.second.store, ctx.second.config),
    ];
    const everyone = [people.ada.email, people.bea.email, OPS, people.olive.email, people.oscar.email];
    const admins = [people.ada.email, people.bea.email, OPS];
    const owed: Record<string, string[]> = Object.fromEntries(everyone.map((to) => [to, []]));
    const place = async (round: number, company: string, ownerId: string | null, dueIn: number) => {
      const app = round % 2 === 0 ? ctx.first : ctx.second;
      return placeApplication(app, app.store, { company, ownerId, dueIn: 30 * round + dueIn });
    };
    const overdue = async (round: number, company: string) => {
      const id = await place(round, company, null, -1);
      for (const to of admins) owed[to].push(id);
    };
    // Olive's, due half a minute after the round's first passes: her reminder now, the admins' alert next time.
    const straggler = async (round: number, company: string) => {
      const id = await place(round, company, people.olive.userId, 0.5);
      for (const to of [...admins, people.olive.email]) owed[to].push(id);
    };
    let seen = 0;
    const newMails = async () => {
      const mails = (await reviewMails(ctx.first.store)).slice(seen);
      seen += mails.length;
      return mails;
    };

    for (let round = 0; round < 5; round++) {
      // Half an hour apart: ten overdue and unassigned, and due soon (not overdue before the end) for each owner and Ada.
      for (let i = 1; i <= 10; i++) await overdue(round, `Round ${round} Overdue ${i}`);
      owed[people.olive.email].push(await place(round, `Round ${round} Olive`, people.olive.userId, 200));
      owed[people.oscar.email].push(await place(round, `Round ${round} Oscar`, people.oscar.userId, 180));
      owed[people.ada.email].push(await place(round, `Round ${round} Ada`, people.ada.userId, 210));
      for (let i = 1; i <= 3; i++) await straggler(round, `Round ${round} Straggler ${i}`);

      // Two passes on each instance at the same moment, then two more each a minute or two
      // later, when the stragglers are overdue and every turn is taken.
      const at = minutesAfter(30 * round);
      const race = (minutes: number[]) =>
        Promise.all(minutes.flatMap((m) => instances.map((instance) => instance.run(minutesAfter(m, at)))));
      const sent = [...(await race([0, 0])), ...(await race([1, 2]))];
      const mails = await newMails();
      expect(countByRecipient(mails), `round ${round}`).toEqual(
        Object.fromEntries(everyone.map((to) => [to, 1])),
      );
      expect(sent.reduce((sum, one) => sum + one.reminders + one.alerts, 0)).toBe(everyone.length);
      for (const mail of mails)
        owed[mail.to] = owed[mail.to].filter(
          (id) => !listedLinks(mail.text).includes(`/desk/applications/${id}`),
        );
    }

    // Half an hour after the last round, its stragglers' overdue alert goes out, once.
    await Promise.all(instances.map((instance) => instance.run(minutesAfter(30 * 5))));
    const last = await newMails();
    expect(countByRecipient(last)).toEqual(Object.fromEntries(admins.map((to) => [to, 1])));
    for (const mail of last)
      owed[mail.to] = owed[mail.to].filter(
        (id) => !listedLinks(mail.text).includes(`/desk/applications/${id}`),
      );
    // Everyone was told of everything of theirs, and nobody of anything twice.
    expect(owed).toEqual(Object.fromEntries(everyone.map((to) => [to, []])));
    const all = await reviewMails(ctx.first.store);
    for (const to of everyone) {
      const links = all.filter((mail) => mail.to === to).flatMap((mail) => listedLinks(mail.text));
      expect(new Set(links).size, to).toBe(links.length);
    }
  });
});
