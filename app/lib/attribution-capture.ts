/**
 * Marketing attribution kept across page views: where the visitor first came
 * from, where they came from most recently, and how this visit began. It is
 * sent with the application. React-free and zod-free on purpose: the page
 * script (app/page/main.ts) captures every page view, so it must stay tiny. Storage failures are swallowed: losing
 * attribution must never break a page.
 */
import { clipText } from "#domain/lib/clip-text";
import {
  ATTRIBUTION_LIMITS,
  CAMPAIGN_PARAMS,
  type CampaignParam,
} from "#domain/application/attribution-fields";
import type { Attribution, Touch } from "#domain/application/schema";

export const ATTRIBUTION_KEY = "harborline:attribution:v1";
export const FIRST_TOUCH_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** A visit ends after this much inactivity (the usual analytics convention). */
export const VISIT_TIMEOUT_MS = 30 * 60 * 1000;

type AttributionStorage = Pick<Storage, "getItem" | "setItem">;

interface StoredAttribution {
  version: 1;
  firstTouch?: Touch;
  lastTouch?: Touch;
  landingPage?: string;
  referrer?: string;
  lastSeenAt?: string;
}

const { value: VALUE_MAX, url: URL_MAX, timestamp: TIMESTAMP_MAX } = ATTRIBUTION_LIMITS;

export interface PageView {
  /** The full URL of the page viewed. */
  url: string;
  /** document.referrer: the page before, or "" when there was none (or it is withheld). */
  referrer: string;
  now?: Date;
}

/** Records one page view. Never throws. */
export function captureAttribution(storage: AttributionStorage | null, view: PageView): void {
  if (!storage) return;
  try {
    const next = nextAttribution(readStored(storage), view);
    storage.setItem(ATTRIBUTION_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked or full: attribution is best effort.
  }
}

/** What the application sends as `attribution` (matches attributionSchema). Never throws. */
export function readAttribution(
  storage: Pick<Storage, "getItem"> | null = browserStorage(),
  now: Date = new Date(),
): Attribution {
  let stored: StoredAttribution;
  try {
    stored = storage ? readStored(storage) : { version: 1 };
  } catch {
    return {};
  }
  const result: Attribution = {};
  const firstTouch = stored.firstTouch && !expired(stored.firstTouch, now) ? stored.firstTouch : undefined;
  if (firstTouch) result.firstTouch = firstTouch;
  if (stored.lastTouch) result.lastTouch = stored.lastTouch;
  if (stored.referrer) result.referrer = stored.referrer;
  if (stored.landingPage) result.landingPage = stored.landingPage;
  return result;
}

/** Records the view of the page the browser shows. Never throws. */
export function captureThisPage(): void {
  captureAttribution(browserStorage(), { url: window.location.href, referrer: document.referrer });
}

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function nextAttribution(previous: StoredAttribution, view: PageView): StoredAttribution {
  const now = view.now ?? new Date();
  let url: URL;
  try {
    url = new URL(view.url);
  } catch {
    return previous;
  }
  const page = clipText(url.pathname + url.search, URL_MAX);
  const referrer = externalReferrer(view.referrer, url);
  const params = campaignParams(url);
  const hasCampaign = Object.keys(params).length > 0;

  const lastSeen = previous.lastSeenAt ? Date.parse(previous.lastSeenAt) : NaN;
  const newVisit = Number.isNaN(lastSeen) || now.getTime() - lastSeen > VISIT_TIMEOUT_MS || hasCampaign;

  const touch: Touch = {
    ...params,
    landingPage: page,
    ...(referrer ? { referrer } : {}),
    at: now.toISOString(),
  };

  const next: StoredAttribution = { ...previous, version: 1, lastSeenAt: now.toISOString() };
  if (!previous.firstTouch || expired(previous.firstTouch, now)) next.firstTouch = touch;

  // A referral counts once per visit; a reload re-reports the same referrer.
  const freshReferral = Boolean(referrer) && (newVisit || referrer !== previous.referrer);
  if (hasCampaign || freshReferral) next.lastTouch = touch;

  if (newVisit || freshReferral || !previous.landingPage) {
    next.landingPage = page;
    if (referrer) next.referrer = referrer;
    else delete next.referrer;
  }
  return next;
}

function readStored(storage: Pick<Storage, "getItem">): StoredAttribution {
  const raw = storage.getItem(ATTRIBUTION_KEY);
  if (!raw) return { version: 1 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { version: 1 };
  }
  if (!isRecord(parsed) || parsed.version !== 1) return { version: 1 };
  const stored: StoredAttribution = { version: 1 };
  const firstTouch = sanitizeTouch(parsed.firstTouch);
  const lastTouch = sanitizeTouch(parsed.lastTouch);
  if (firstTouch) stored.firstTouch = firstTouch;
  if (lastTouch) stored.lastTouch = lastTouch;
  if (typeof parsed.landingPage === "string") stored.landingPage = clipText(parsed.landingPage, URL_MAX);
  if (typeof parsed.referrer === "string") stored.referrer = clipText(parsed.referrer, URL_MAX);
  if (typeof parsed.lastSeenAt === "string") stored.lastSeenAt = parsed.lastSeenAt.slice(0, TIMESTAMP_MAX);
  return stored;
}

function sanitizeTouch(input: unknown): Touch | undefined {
  if (!isRecord(input)) return undefined;
  const touch: Touch = {};
  for (const param of CAMPAIGN_PARAMS) {
    const value = input[param];
    if (typeof value === "string" && value.trim()) touch[param] = clipText(value.trim(), VALUE_MAX);
  }
  if (typeof input.landingPage === "string") touch.landingPage = clipText(input.landingPage, URL_MAX);
  if (typeof input.referrer === "string") touch.referrer = clipText(input.referrer, URL_MAX);
  if (typeof input.at === "string" && !Number.isNaN(Date.parse(input.at)))
    touch.at = input.at.slice(0, TIMESTAMP_MAX);
  return touch;
}

function campaignParams(url: URL): Partial<Record<CampaignParam, string>> {
  const params: Partial<Record<CampaignParam, string>> = {};
  for (const param of CAMPAIGN_PARAMS) {
    const value = url.searchParams.get(param)?.trim();
    if (value) params[param] = clipText(value, VALUE_MAX);
  }
  return params;
}

function externalReferrer(referrer: string, page: URL): string | undefined {
  if (!referrer) return undefined;
  try {
    const from = new URL(referrer);
    if (from.protocol !== "http:" && from.protocol !== "https:") return undefined;
    if (from.hostname === page.hostname) return undefined;
    return clipText(from.href, URL_MAX);
  } catch {
    return undefined;
  }
}

function expired(touch: Touch, now: Date): boolean {
  const at = touch.at ? Date.parse(touch.at) : NaN;
  return Number.isNaN(at) || now.getTime() - at > FIRST_TOUCH_MAX_AGE_MS;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
