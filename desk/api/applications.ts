/** Applications, consents and delivery health (staff and admin). */
import { API_BASE, queryString, request } from "./client";
import type {
  ApplicationPage,
  ConsentLookupItem,
  Detail,
  Health,
  Items,
  RedeliverDeadInclude,
} from "./types";

const id = (value: string) => encodeURIComponent(value);

/** The inbox's query: its filters plus the page (see desk/lib/filters.ts). */
export type InboxQuery = Record<string, string | number | undefined>;

export const listApplications = (query: InboxQuery, signal?: AbortSignal) =>
  request<ApplicationPage>(`/applications${queryString(query)}`, { signal });

export const getApplication = (value: string, signal?: AbortSignal) =>
  request<Detail>(`/applications/${id(value)}`, { signal });

export const redeliver = (value: string, reason: string) =>
  request<Detail>(`/applications/${id(value)}/redeliver`, { method: "POST", body: { reason } });

export const release = (value: string) =>
  request<Detail>(`/applications/${id(value)}/release`, { method: "POST", body: {} });

export const markSpam = (value: string, reason: string) =>
  request<Detail>(`/applications/${id(value)}/spam`, { method: "POST", body: { reason } });

/** A download link (the browser fetches it with the session cookie). */
export const evidenceUrl = (value: string) => `${API_BASE}/applications/${id(value)}/evidence`;

export const lookupConsents = (by: { phone: string } | { email: string }, signal?: AbortSignal) =>
  request<Items<ConsentLookupItem>>(`/consents${queryString(by)}`, { signal });

export const getHealth = (signal?: AbortSignal) => request<Health>("/health", { signal });

/** Sends dead deliveries again: the temporary failures, or with "all" the permanent refusals too. */
export const redeliverDead = (include: RedeliverDeadInclude = "temporary") =>
  request<{ redelivered: number; permanentLeft: number }>("/deliveries/redeliver-dead", {
    method: "POST",
    body: { include },
  });
