/** The inbox's own requests beside the list (common/api/requests.ts): the review clock's counts, bulk actions. */
import { queryString, request } from "../common/api/client";
import type { BulkAction, BulkOutcome, DueCounts } from "#domain/desk/contract";
import type { OwnerView } from "#domain/desk/work";

/** How many are open, due soon and overdue in one owner view. */
export const getDueCounts = (owner: OwnerView, signal?: AbortSignal) =>
  request<DueCounts>(`/applications/due-counts${queryString({ owner })}`, { signal });

/** One action on several applications (admins' selection): each one's result. */
export const bulkAction = (body: BulkAction) =>
  request<BulkOutcome>("/applications/bulk", { method: "POST", body });
