/** The audit log (admin only). */
import { queryString, request } from "../common/api/client";
import type { AuditFilters, AuditPage } from "../common/api/types";

export const listAudit = (query: AuditFilters & { cursor?: string }, signal?: AbortSignal) =>
  request<AuditPage>(`/audit${queryString(query)}`, { signal });
