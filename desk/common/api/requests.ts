/** Requests more than one part of the desk makes: the inbox's list, releasing from quarantine, exports, who is signed in, sessions. */
import { API_BASE, queryString, request } from "./client";
import type { ApplicationDetail, InboxList, Items, Me, SessionItem } from "#domain/desk/contract";

const id = (value: string) => encodeURIComponent(value);

export const EXPORTS = [
  { file: "applications.csv", title: "Applications", text: "Every application with its delivery state." },
  { file: "consents.csv", title: "SMS consents", text: "The consent ledger: exact text, version, time, IP." },
  { file: "newsletter.csv", title: "Newsletter", text: "Newsletter subscribers." },
  { file: "audit.csv", title: "Audit log", text: "Everything staff did in the desk." },
] as const;

export type ExportFile = (typeof EXPORTS)[number]["file"];

/** A download link; the applications export takes the inbox's filters. */
export const exportUrl = (file: ExportFile, filters: Record<string, string> = {}) =>
  `${API_BASE}/exports/${file}${queryString(filters)}`;

/** The inbox's query: its filters plus the page (see desk/common/lib/filters.ts). */
export type InboxQuery = Record<string, string | number | undefined>;

/** Applications per page in the inbox and the quarantine. */
export const PAGE_SIZE = 25;

export const listApplications = (query: InboxQuery, signal?: AbortSignal) =>
  request<InboxList>(`/applications${queryString(query)}`, { signal });

export const release = (value: string) =>
  request<ApplicationDetail>(`/applications/${id(value)}/release`, { method: "POST", body: {} });

export const signOut = () => request<void>("/sign-out", { method: "POST", body: {} });

export const getMe = (signal?: AbortSignal) => request<Me>("/me", { signal });

export const listSessions = (userId?: string, signal?: AbortSignal) =>
  request<Items<SessionItem>>(userId ? `/sessions?userId=${encodeURIComponent(userId)}` : "/sessions", {
    signal,
  });

export const endSession = (id: string) =>
  request<void>(`/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
