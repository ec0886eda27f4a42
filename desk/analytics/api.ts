/** The analytics report (staff and admin) for a range of days, optionally one source or campaign. */
import type { AnalyticsReport } from "#domain/desk/contract";
import { queryString, request } from "../common/api/client";

export const getAnalytics = (
  query: { from?: string; to?: string; source?: string; campaign?: string },
  signal?: AbortSignal,
) => request<AnalyticsReport>(`/analytics${queryString(query)}`, { signal });
