/**
 * The analytics report (staff and admin) for a range of days, optionally one
 * source or campaign; and the speed-to-lead figures for the same days.
 */
import type { AnalyticsReport, WorkMetrics } from "#domain/desk/contract";
import { queryString, request } from "../common/api/client";

export const getAnalytics = (
  query: { from?: string; to?: string; source?: string; campaign?: string },
  signal?: AbortSignal,
) => request<AnalyticsReport>(`/analytics${queryString(query)}`, { signal });

export const getWorkMetrics = (query: { from?: string; to?: string }, signal?: AbortSignal) =>
  request<WorkMetrics>(`/work-metrics${queryString(query)}`, { signal });
