/** The inbox's own requests beside the list (common/api/requests.ts): the review clock's counts. */
import { queryString, request } from "../common/api/client";
import type { DueCounts } from "#domain/desk/contract";
import type { OwnerView } from "#domain/desk/work";

/** How many are open, due soon and overdue in one owner view. */
export const getDueCounts = (owner: OwnerView, signal?: AbortSignal) =>
  request<DueCounts>(`/applications/due-counts${queryString({ owner })}`, { signal });
