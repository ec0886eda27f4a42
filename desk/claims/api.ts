/** The claim register with each claim's status today and the pages that state it. */
import { request } from "../common/api/client";
import type { ClaimsOverview, ComputedClaimsOverview } from "#domain/desk/contract";

export const getClaims = (signal?: AbortSignal) => request<ClaimsOverview>("/claims", { signal });

export const getComputedClaims = (signal?: AbortSignal) =>
  request<ComputedClaimsOverview>("/claims/computed", { signal });
