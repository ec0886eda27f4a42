/** The claims: the register with each claim's standing, evidence and history; the changes staff make. */
import { API_BASE, request } from "../common/api/client";
import type { ClaimReviewInput, ClaimsOverview, ComputedClaimsOverview } from "#domain/desk/contract";

export const getClaims = (signal?: AbortSignal) => request<ClaimsOverview>("/claims", { signal });

export const getComputedClaims = (signal?: AbortSignal) =>
  request<ComputedClaimsOverview>("/claims/computed", { signal });

export const setRoleHolder = (role: string, userId: string | null) =>
  request<unknown>(`/claims/roles/${encodeURIComponent(role)}`, { method: "PUT", body: { userId } });

export const attachEvidence = (claimId: string, label: string, file: Blob) =>
  request<unknown>(`/claims/${encodeURIComponent(claimId)}/evidence?${new URLSearchParams({ label })}`, {
    method: "POST",
    file,
  });

export const withdrawEvidence = (claimId: string, evidenceId: string, reason: string) =>
  request<unknown>(`/claims/${encodeURIComponent(claimId)}/evidence/${evidenceId}/withdraw`, {
    method: "POST",
    body: { reason },
  });

export const recordReview = (claimId: string, input: ClaimReviewInput) =>
  request<unknown>(`/claims/${encodeURIComponent(claimId)}/reviews`, { method: "POST", body: input });

/** A file's download link (the server audits each download). */
export const evidenceUrl = (claimId: string, evidenceId: string) =>
  `${API_BASE}/claims/${encodeURIComponent(claimId)}/evidence/${evidenceId}/download`;
