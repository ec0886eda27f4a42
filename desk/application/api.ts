/** One application: its detail, sending it to the CRM again, quarantining it, its evidence pack. */
import { API_BASE, request } from "../common/api/client";
import type { ApplicationDetail } from "#domain/desk/contract";

const id = (value: string) => encodeURIComponent(value);

export const getApplication = (value: string, signal?: AbortSignal) =>
  request<ApplicationDetail>(`/applications/${id(value)}`, { signal });

export const redeliver = (value: string, reason: string) =>
  request<ApplicationDetail>(`/applications/${id(value)}/redeliver`, { method: "POST", body: { reason } });

export const quarantine = (value: string, reason: string) =>
  request<ApplicationDetail>(`/applications/${id(value)}/quarantine`, { method: "POST", body: { reason } });

/** A download link (the browser fetches it with the session cookie). */
export const evidenceUrl = (value: string) => `${API_BASE}/applications/${id(value)}/evidence`;
