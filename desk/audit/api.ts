/** The audit log (admin only). */
import { queryString, request } from "../common/api/client";
import type { AuditFilters, AuditList } from "#domain/desk/contract";

export const listAudit = (query: AuditFilters & { cursor?: string }, signal?: AbortSignal) =>
  request<AuditList>(`/audit${queryString(query)}`, { signal });
