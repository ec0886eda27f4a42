/**
 * The half-filled application kept in the browser, so a reload or an
 * accidental close loses nothing. Pure functions over a Storage-like object;
 * the SMS consent is never stored (it must be given fresh each time).
 */
import type { ApplicationFormValues } from "#domain/application/schema";

export const DRAFT_KEY = "harborline:application-draft:v1";
export const DRAFT_VERSION = 1;
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export type DraftValues = Omit<ApplicationFormValues, "smsConsent">;

export interface Draft {
  version: number;
  savedAt: string;
  step: number;
  values: Partial<DraftValues>;
  submissionId?: string;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const MAX_VALUE_LENGTH = 10_000;

/** The browser's localStorage, or null where it is missing or blocked. */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(
  storage: DraftStorage | null,
  draft: { step: number; values: Partial<ApplicationFormValues>; submissionId?: string | null },
  now: Date = new Date(),
): void {
  if (!storage) return;
  const values: Partial<DraftValues> = {};
  for (const [key, value] of Object.entries(draft.values)) {
    if (key === "smsConsent" || typeof value !== "string") continue;
    values[key as keyof DraftValues] = value;
  }
  const record: Draft = {
    version: DRAFT_VERSION,
    savedAt: now.toISOString(),
    step: draft.step,
    values,
    ...(draft.submissionId ? { submissionId: draft.submissionId } : {}),
  };
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(record));
  } catch {
    // Full or blocked storage: the draft is a convenience, the form still works.
  }
}

/** The saved draft, or null when there is none, it is stale, of another version or unreadable. */
export function loadDraft(
  storage: DraftStorage | null,
  knownFields: readonly string[],
  now: Date = new Date(),
): Draft | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    clearDraft(storage);
    return null;
  }
  const draft = readDraft(parsed, knownFields, now);
  if (!draft) clearDraft(storage);
  return draft;
}

export function clearDraft(storage: DraftStorage | null): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to do: an unreadable draft is ignored anyway.
  }
}

function readDraft(input: unknown, knownFields: readonly string[], now: Date): Draft | null {
  if (!isRecord(input) || input.version !== DRAFT_VERSION) return null;
  const savedAt = typeof input.savedAt === "string" ? Date.parse(input.savedAt) : NaN;
  if (Number.isNaN(savedAt)) return null;
  const age = now.getTime() - savedAt;
  if (age > DRAFT_MAX_AGE_MS || age < -DRAFT_MAX_AGE_MS) return null;
  if (!isRecord(input.values)) return null;

  const values: Partial<DraftValues> = {};
  for (const field of knownFields) {
    const value = input.values[field];
    if (field !== "smsConsent" && typeof value === "string" && value.length <= MAX_VALUE_LENGTH) {
      values[field as keyof DraftValues] = value;
    }
  }
  const step = typeof input.step === "number" && Number.isInteger(input.step) ? input.step : 1;
  const submissionId =
    typeof input.submissionId === "string" && /^[0-9a-f-]{36}$/i.test(input.submissionId)
      ? input.submissionId
      : undefined;
  return {
    version: DRAFT_VERSION,
    savedAt: new Date(savedAt).toISOString(),
    step,
    values,
    ...(submissionId ? { submissionId } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
