import { beforeEach, describe, expect, it } from "vitest";
import { clearDraft, DRAFT_KEY, DRAFT_VERSION, loadDraft, saveDraft } from "./draft-store";
import { emptyApplication } from "#domain/application/schema";
import { failingStorage, MemoryStorage } from "../../../test/support/site-pages/memory-storage";

const fields = Object.keys(emptyApplication);
const id = "3f1c2b8e-8a34-4c5e-9d2b-7d1f0b7b2c11";
const now = new Date("2024-03-01T12:00:00.000Z");
const days = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000);

describe("draft store", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it("saves and restores step, values and submission id", () => {
    const values = { ...emptyApplication, companyName: "Acme", industry: "retail" };
    saveDraft(storage, { step: 2, values, submissionId: id }, now);
    const draft = loadDraft(storage, fields, now);
    expect(draft).toEqual({
      version: DRAFT_VERSION,
      savedAt: now.toISOString(),
      step: 2,
      values: {
        ...Object.fromEntries(fields.filter((f) => f !== "smsConsent").map((f) => [f, ""])),
        companyName: "Acme",
        industry: "retail",
      },
      submissionId: id,
    });
  });

  it("never stores the SMS consent", () => {
    saveDraft(
      storage,
      { step: 4, values: { ...emptyApplication, companyName: "Acme", smsConsent: true } },
      now,
    );
    const raw = storage.getItem(DRAFT_KEY)!;
    expect(raw).not.toContain("smsConsent");
    expect(loadDraft(storage, fields, now)?.values).not.toHaveProperty("smsConsent");
  });

  it("ignores a consent smuggled into a stored draft", () => {
    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        version: 1,
        savedAt: now.toISOString(),
        step: 4,
        values: { companyName: "Acme", smsConsent: true },
      }),
    );
    expect(loadDraft(storage, fields, now)?.values).toEqual({ companyName: "Acme" });
  });

  it("keeps a draft for 7 days and discards it after", () => {
    saveDraft(storage, { step: 1, values: { companyName: "Acme" } }, now);
    expect(loadDraft(storage, fields, days(6.9))).not.toBeNull();
    expect(loadDraft(storage, fields, days(7.1))).toBeNull();
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("discards a draft of another version", () => {
    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({ version: 2, savedAt: now.toISOString(), step: 1, values: {} }),
    );
    expect(loadDraft(storage, fields, now)).toBeNull();
  });

  it("ignores corrupt JSON and wrong shapes", () => {
    storage.setItem(DRAFT_KEY, "{not json");
    expect(loadDraft(storage, fields, now)).toBeNull();
    storage.setItem(DRAFT_KEY, JSON.stringify([1, 2]));
    expect(loadDraft(storage, fields, now)).toBeNull();
    storage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, savedAt: "yesterday", values: {} }));
    expect(loadDraft(storage, fields, now)).toBeNull();
    storage.setItem(DRAFT_KEY, JSON.stringify({ version: 1, savedAt: now.toISOString(), values: "x" }));
    expect(loadDraft(storage, fields, now)).toBeNull();
  });

  it("keeps only known string fields and a well-formed submission id", () => {
    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        version: 1,
        savedAt: now.toISOString(),
        step: "3",
        values: { companyName: 42, email: "a@b.test", admin: "yes" },
        submissionId: "not-a-uuid",
      }),
    );
    expect(loadDraft(storage, fields, now)).toEqual({
      version: 1,
      savedAt: now.toISOString(),
      step: 1,
      values: { email: "a@b.test" },
    });
  });

  it("clears the draft", () => {
    saveDraft(storage, { step: 1, values: { companyName: "Acme" } }, now);
    clearDraft(storage);
    expect(loadDraft(storage, fields, now)).toBeNull();
  });

  it("never throws when storage is missing or fails", () => {
    expect(() => saveDraft(failingStorage, { step: 1, values: { companyName: "Acme" } })).not.toThrow();
    expect(loadDraft(failingStorage, fields)).toBeNull();
    expect(() => clearDraft(failingStorage)).not.toThrow();
    expect(loadDraft(null, fields)).toBeNull();
    expect(() => saveDraft(null, { step: 1, values: {} })).not.toThrow();
  });
});
