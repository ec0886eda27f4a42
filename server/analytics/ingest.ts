/**
 * From what a browser reported to the rows we keep: the path without its
 * query string, the campaign tags and the referring site's host name of a
 * page view, the previous page when it was one of ours, and the time it
 * happened by our clock.
 */
import type { EventRow } from "./events-repository";
import { MAX_AGE_MS, type IncomingEvent } from "#domain/analytics/incoming";
import type { Device } from "./visitor";

/** Longest kept path, campaign value and host name. */
export const LIMITS = { path: 300, tag: 100, host: 253 } as const;

export interface RequestFacts {
  now: Date;
  /** null: the visitor sends Global Privacy Control. */
  visitorKey: string | null;
  device: Device;
  /** The site's own hosts ("example.com", "localhost:3000"): a referrer there is a previous page, not a source. */
  ownHosts: ReadonlySet<string>;
}

const BASE = "http://site.invalid";

function tag(value: string | null): string | null {
  const text = value?.trim().slice(0, LIMITS.tag);
  return text ? text : null;
}

function parsePage(page: string): URL {
  try {
    return new URL(page, BASE);
  } catch {
    return new URL("/", BASE);
  }
}

function parseReferrer(referrer: string | undefined): URL | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

export function toRows(events: readonly IncomingEvent[], facts: RequestFacts): EventRow[] {
  return events.map((event) => {
    const page = parsePage(event.page);
    const referrer = parseReferrer(event.referrer);
    const ours = referrer !== null && facts.ownHosts.has(referrer.host);
    const row: EventRow = {
      at: new Date(facts.now.getTime() - Math.min(event.age ?? 0, MAX_AGE_MS)),
      name: event.type,
      visitorKey: facts.visitorKey,
      path: page.pathname.slice(0, LIMITS.path),
      prevPath: ours ? referrer.pathname.slice(0, LIMITS.path) : null,
      device: facts.device,
    };
    if (event.type === "pageview") {
      row.referrerHost = referrer && !ours ? referrer.hostname.slice(0, LIMITS.host).toLowerCase() : null;
      row.utmSource = tag(page.searchParams.get("utm_source"));
      row.utmMedium = tag(page.searchParams.get("utm_medium"));
      row.utmCampaign = tag(page.searchParams.get("utm_campaign"));
    }
    if ("step" in event) row.step = event.step;
    if (event.type === "field_error") {
      row.field = event.field;
      row.code = event.code;
    }
    return row;
  });
}
