/**
 * One application: its detail, sending it to the CRM again, quarantining it,
 * its evidence pack, working it, its legal holds, and its documents.
 */
import { API_BASE, request } from "../common/api/client";
import type {
  ApplicationDetail,
  ApplicationHoldInput,
  LegalHold,
  ContactInput,
  DocumentAttentionInput,
  DocumentRequestInput,
  DocumentsChange,
  DocumentsPanel,
  FollowUpChange,
  Items,
  NoteInput,
  OwnerChange,
  WorkStatusChange,
} from "#domain/desk/contract";

const id = (value: string) => encodeURIComponent(value);

export const getApplication = (value: string, signal?: AbortSignal) =>
  request<ApplicationDetail>(`/applications/${id(value)}`, { signal });

export const redeliver = (value: string, reason: string) =>
  request<ApplicationDetail>(`/applications/${id(value)}/redeliver`, { method: "POST", body: { reason } });

export const quarantine = (value: string, reason: string) =>
  request<ApplicationDetail>(`/applications/${id(value)}/quarantine`, { method: "POST", body: { reason } });

/** A download link (the browser fetches it with the session cookie). */
export const evidenceUrl = (value: string) => `${API_BASE}/applications/${id(value)}/evidence`;

// Working it: owner, work status, notes, logged calls and e-mails (each answers the new detail).

export const changeOwner = (value: string, change: OwnerChange) =>
  request<ApplicationDetail>(`/applications/${id(value)}/owner`, { method: "POST", body: change });

export const setWorkStatus = (value: string, change: WorkStatusChange) =>
  request<ApplicationDetail>(`/applications/${id(value)}/work-status`, { method: "POST", body: change });

export const addNote = (value: string, note: NoteInput) =>
  request<ApplicationDetail>(`/applications/${id(value)}/notes`, { method: "POST", body: note });

export const logContact = (value: string, contact: ContactInput) =>
  request<ApplicationDetail>(`/applications/${id(value)}/contacts`, { method: "POST", body: contact });

export const setFollowUp = (value: string, change: FollowUpChange) =>
  request<ApplicationDetail>(`/applications/${id(value)}/follow-up`, { method: "POST", body: change });

/** The members an application can be given to (the inbox's bulk actions use it too). */
export { getActiveStaff } from "../common/api/requests";

// Legal holds: any member reads them; admins set and release them.

export const getLegalHolds = (value: string, signal?: AbortSignal) =>
  request<Items<LegalHold>>(`/applications/${id(value)}/legal-holds`, { signal });

export const holdApplication = (value: string, input: ApplicationHoldInput) =>
  request<LegalHold>(`/applications/${id(value)}/legal-holds`, { method: "POST", body: input });

export const releaseHold = (holdId: string, reason: string) =>
  request<LegalHold>(`/legal-holds/${id(holdId)}/release`, { method: "POST", body: { reason } });

// Documents: the checklist and its files; a rep's review and requests (each answers the new panel and detail).

const documents = (value: string) => `/applications/${id(value)}/documents`;

export const getDocuments = (value: string, signal?: AbortSignal) =>
  request<DocumentsPanel>(documents(value), { signal });

/** Where a file opens in the browser (PDF, images) or downloads: the browser fetches it with the session cookie. */
export const documentUrl = (value: string, documentId: string, as: "view" | "download") =>
  `${API_BASE}${documents(value)}/${id(documentId)}/${as}`;

export const acceptItem = (value: string, itemId: string) =>
  request<DocumentsChange>(`${documents(value)}/items/${id(itemId)}/accept`, { method: "POST" });

export const markItemForAttention = (value: string, itemId: string, input: DocumentAttentionInput) =>
  request<DocumentsChange>(`${documents(value)}/items/${id(itemId)}/attention`, {
    method: "POST",
    body: input,
  });

export const requestDocument = (value: string, input: DocumentRequestInput) =>
  request<DocumentsChange>(`${documents(value)}/requests`, { method: "POST", body: input });
