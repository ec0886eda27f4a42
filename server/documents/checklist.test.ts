/**
 * An application's checklist in the store, on both engines: made once from
 * its funding type, added to by staff's requests, moved only as the rules
 * allow, and gone with the application.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { samplePdf } from "../../test/support/document-files";
import { ENGINES, useTestApp } from "../../test/support/server";
import { listChecklistItems } from "./checklist-repository";
import { makeChecklist, moveChecklistItem, requestDocument } from "./checklist";
import { writeDocument } from "./document-store";
import { keyringFrom } from "./master-key";

const keyring = keyringFrom(randomBytes(32).toString("base64"));
const facts = { owners: 2, asOf: "2026-12-08" };

describe.each(ENGINES)("the checklist on %s", (engine) => {
  const context = useTestApp(engine);
  let applicationId: string;
  beforeEach(async () => {
    applicationId = await submit(context.app);
  });
  const store = () => context.db.store;
  const items = () => listChecklistItems(store(), applicationId);
  const item = async (slot: string) => (await items()).find((entry) => entry.slot === slot)!;

  it("is made once from the funding type's defaults, in order, every item needed", async () => {
    expect(await makeChecklist(store(), applicationId, "strategic-financing", facts)).toBe(6);
    expect(await makeChecklist(store(), applicationId, "strategic-financing", facts)).toBe(0);
    const list = await items();
    expect(list.map((entry) => [entry.slot, entry.position, entry.state])).toEqual([
      ["business-tax-return:2025", 0, "missing"],
      ["bank-statement:2026-09", 1, "missing"],
      ["bank-statement:2026-10", 2, "missing"],
      ["bank-statement:2026-11", 3, "missing"],
      ["government-id:owner-1", 4, "missing"],
      ["government-id:owner-2", 5, "missing"],
    ]);
    expect(list[1]).toMatchObject({
      kind: "bank-statement",
      label: "Business bank statement: September 2026",
      month: "2026-09",
    });
    expect(list[4]).toMatchObject({ label: "Photo ID: owner 1", owner: 1, files: 0 });
  });

  it("takes staff's request as an item after the defaults", async () => {
    await makeChecklist(store(), applicationId, "other", { owners: 1, asOf: "2026-12-08" });
    const itemId = await requestDocument(store(), applicationId, {
      label: " Lease for your main location ",
      detail: "The signed lease, all pages.",
      requestedBy: null,
    });
    const last = (await items()).at(-1)!;
    expect(last).toMatchObject({
      id: itemId,
      kind: "requested",
      label: "Lease for your main location",
      position: 6,
    });
    expect(last.slot).toBe(`request:${last.requestId}`);
    await expect(requestDocument(store(), applicationId, { label: "  ", requestedBy: null })).rejects.toThrow(
      /1 to 200 characters/,
    );
  });

  it("moves an item only as the rules allow, keeping the reason and who moved it", async () => {
    await makeChecklist(store(), applicationId, "other", facts);
    const check = await item("voided-check");
    expect(
      await moveChecklistItem(store(), applicationId, check.id, { type: "accept", by: "staff" }, "staff-1"),
    ).toEqual({
      ok: false,
      error: "Only an item with a file waiting for review can be accepted.",
    });
    await writeDocument(store(), keyring, { applicationId, itemId: check.id, uploadedBy: "applicant" }, [
      samplePdf(),
    ]);
    expect(
      await moveChecklistItem(
        store(),
        applicationId,
        check.id,
        { type: "upload", by: "applicant" },
        "applicant",
      ),
    ).toMatchObject({
      ok: true,
      state: "received",
    });
    expect(
      await moveChecklistItem(
        store(),
        applicationId,
        check.id,
        { type: "flag", by: "staff", reason: "The check is not voided." },
        "staff-1",
      ),
    ).toMatchObject({ ok: true, state: "needs-attention" });
    expect(await item("voided-check")).toMatchObject({
      state: "needs-attention",
      reason: "The check is not voided.",
      stateChangedBy: "staff-1",
      files: 1,
    });
    expect(
      await moveChecklistItem(store(), applicationId, check.id, { type: "accept", by: "staff" }, "staff-1"),
    ).toMatchObject({
      ok: true,
      state: "accepted",
    });
    expect(await item("voided-check")).toMatchObject({ state: "accepted", reason: null });
  });

  it("an item declared not applicable keeps the applicant's reason", async () => {
    await makeChecklist(store(), applicationId, "other", facts);
    const statement = await item("bank-statement:2026-08");
    await moveChecklistItem(
      store(),
      applicationId,
      statement.id,
      { type: "declare-not-applicable", by: "applicant", reason: "The account was opened in September." },
      "applicant",
    );
    expect(await item("bank-statement:2026-08")).toMatchObject({
      state: "not-applicable",
      reason: "The account was opened in September.",
      stateChangedBy: "applicant",
    });
  });

  it("is a 'no such item' for another application's item", async () => {
    await makeChecklist(store(), applicationId, "other", facts);
    const other = await submit(context.app);
    const check = await item("voided-check");
    expect(
      await moveChecklistItem(store(), other, check.id, { type: "upload", by: "applicant" }, "applicant"),
    ).toBeNull();
    expect(
      await moveChecklistItem(
        store(),
        applicationId,
        randomUUID(),
        { type: "upload", by: "applicant" },
        "applicant",
      ),
    ).toBeNull();
  });

  it("judges two moves at once one after the other", async () => {
    await makeChecklist(store(), applicationId, "other", facts);
    const check = await item("voided-check");
    await moveChecklistItem(
      store(),
      applicationId,
      check.id,
      { type: "upload", by: "applicant" },
      "applicant",
    );
    await writeDocument(store(), keyring, { applicationId, itemId: check.id, uploadedBy: "applicant" }, [
      samplePdf(),
    ]);
    const results = await Promise.all([
      moveChecklistItem(
        store(),
        applicationId,
        check.id,
        { type: "remove-file", by: "applicant", remaining: 0 },
        "applicant",
      ),
      moveChecklistItem(
        store(),
        applicationId,
        check.id,
        { type: "remove-file", by: "applicant", remaining: 0 },
        "applicant",
      ),
    ]);
    expect(results.map((result) => result?.ok).sort()).toEqual([false, true]);
    expect((await item("voided-check")).state).toBe("missing");
  });
});
