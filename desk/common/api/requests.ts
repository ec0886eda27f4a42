/** Requests more than one part of the desk makes: the inbox's list, releasing from quarantine, exports, who is signed in, sessions, opt-outs. */
import { API_BASE, queryString, request } from "./client";
import type { ExportKind } from "#domain/audit/actions";
import type {
  ApplicationDetail,
  DutyChange,
  InboxList,
  Items,
  Me,
  OptOut,
  Owner,
  SessionItem,
} from "#domain/desk/contract";

const id = (value: string) => encodeURIComponent(value);

/** What each CSV export holds, for every kind the server offers (a kind added there must be described here). */
export const EXPORTS: Record<ExportKind, { title: string; text: string }> = {
  applications: { title: "Applications", text: "Every application with its delivery state." },
  consents: { title: "SMS consents", text: "The consent ledger: exact text, version, time, IP." },
  newsletter: { title: "Newsletter", text: "Newsletter subscribers." },
  audit: { title: "Audit log", text: "Everything staff did in the desk." },
};

/** "applications.csv": the file an export downloads as. */
export const exportFile = (kind: ExportKind) => `${kind}.csv`;

/** A download link; the applications export takes the inbox's filters. */
export const exportUrl = (kind: ExportKind, filters: Record<string, string> = {}) =>
  `${API_BASE}/exports/${exportFile(kind)}${queryString(filters)}`;

/** The inbox's query: its filters plus the page (see desk/common/lib/filters.ts). */
export type InboxQuery = Record<string, string | number | undefined>;

/** Applications per page in the inbox and the quarantine. */
export const PAGE_SIZE = 25;

export const listApplications = (query: InboxQuery, signal?: AbortSignal) =>
  request<InboxList>(`/applications${queryString(query)}`, { signal });

/** The members an application can be given to (any member may ask). */
export const getActiveStaff = (signal?: AbortSignal) => request<Items<Owner>>("/staff/active", { signal });

export const release = (value: string) =>
  request<ApplicationDetail>(`/applications/${id(value)}/release`, { method: "POST", body: {} });

export const signOut = () => request<void>("/sign-out", { method: "POST", body: {} });

export const getMe = (signal?: AbortSignal) => request<Me>("/me", { signal });

/** One's own "On duty" switch: the answer is Me with the new flag. */
export const setMyDuty = (onDuty: boolean) =>
  request<Me>("/me/duty", { method: "PATCH", body: { onDuty } satisfies DutyChange });

export const listSessions = (userId?: string, signal?: AbortSignal) =>
  request<Items<SessionItem>>(userId ? `/sessions?userId=${encodeURIComponent(userId)}` : "/sessions", {
    signal,
  });

export const endSession = (id: string) =>
  request<void>(`/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

/** The opt-outs of a number (sms) and/or an address (email), newest received first. */
export const lookupOptOuts = (by: { phone?: string; email?: string }, signal?: AbortSignal) =>
  request<Items<OptOut>>(`/opt-outs${queryString(by)}`, { signal });
