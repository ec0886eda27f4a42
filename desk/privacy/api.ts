/** The privacy requests' queue: list, take one, change its status. */
import { queryString, request } from "../common/api/client";
import type {
  Items,
  PrivacyErasure,
  PrivacyRequestItem,
  PrivacyRequestStatusInput,
  PrivacyRequestView,
} from "#domain/desk/contract";

export const listPrivacyRequests = (view: PrivacyRequestView, signal?: AbortSignal) =>
  request<Items<PrivacyRequestItem>>(`/privacy-requests${queryString({ view })}`, { signal });

export const claimPrivacyRequest = (id: string) =>
  request<PrivacyRequestItem>(`/privacy-requests/${encodeURIComponent(id)}/claim`, {
    method: "POST",
    body: {},
  });

export const setPrivacyRequestStatus = (id: string, input: PrivacyRequestStatusInput) =>
  request<PrivacyRequestItem>(`/privacy-requests/${encodeURIComponent(id)}/status`, {
    method: "POST",
    body: input,
  });

export const sendAccessPackage = (id: string) =>
  request<PrivacyRequestItem>(`/privacy-requests/${encodeURIComponent(id)}/access-package`, {
    method: "POST",
    body: {},
  });

export const eraseForRequest = (id: string) =>
  request<PrivacyErasure>(`/privacy-requests/${encodeURIComponent(id)}/erase`, { method: "POST", body: {} });
