/** Admin only: exports, staff, audit. The server refuses these to staff. */
import { API_BASE, queryString, request } from "./client";
import type {
  AuditFilters,
  AuditPage,
  Items,
  PendingInvitation,
  Role,
  StaffChange,
  StaffMember,
} from "./types";

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

export const listStaff = (signal?: AbortSignal) => request<Items<StaffMember>>("/staff", { signal });

export const inviteStaff = (email: string, role: Role) =>
  request<{ inviteUrl: string }>("/staff/invitations", { method: "POST", body: { email, role } });

export const listInvitations = (signal?: AbortSignal) =>
  request<Items<PendingInvitation>>("/staff/invitations", { signal });

export const revokeInvitation = (id: string) =>
  request<void>(`/staff/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });

/** A new link for the same person; the old one stops working. */
export const resendInvitation = (id: string) =>
  request<{ inviteUrl: string }>(`/staff/invitations/${encodeURIComponent(id)}/resend`, {
    method: "POST",
    body: {},
  });

export const updateStaff = (id: string, change: StaffChange) =>
  request<StaffMember>(`/staff/${encodeURIComponent(id)}`, { method: "PATCH", body: change });

export const resetSecondFactor = (id: string) =>
  request<{ inviteUrl: string }>(`/staff/${encodeURIComponent(id)}/reset-second-factor`, {
    method: "POST",
    body: {},
  });

export const listAudit = (query: AuditFilters & { cursor?: string }, signal?: AbortSignal) =>
  request<AuditPage>(`/audit${queryString(query)}`, { signal });
