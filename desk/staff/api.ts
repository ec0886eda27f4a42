/** Staff and invitations (admin only). The server refuses these to staff. */
import { request } from "../common/api/client";
import type {
  InviteLink,
  Items,
  PendingInvitation,
  Role,
  StaffChange,
  StaffMember,
} from "#domain/desk/contract";

export const listStaff = (signal?: AbortSignal) => request<Items<StaffMember>>("/staff", { signal });

export const inviteStaff = (email: string, role: Role) =>
  request<InviteLink>("/staff/invitations", { method: "POST", body: { email, role } });

export const listInvitations = (signal?: AbortSignal) =>
  request<Items<PendingInvitation>>("/staff/invitations", { signal });

export const revokeInvitation = (id: string) =>
  request<void>(`/staff/invitations/${encodeURIComponent(id)}`, { method: "DELETE" });

/** A new link for the same person; the old one stops working. */
export const resendInvitation = (id: string) =>
  request<InviteLink>(`/staff/invitations/${encodeURIComponent(id)}/resend`, {
    method: "POST",
    body: {},
  });

export const updateStaff = (id: string, change: StaffChange) =>
  request<StaffMember>(`/staff/${encodeURIComponent(id)}`, { method: "PATCH", body: change });

export const resetSecondFactor = (id: string) =>
  request<InviteLink>(`/staff/${encodeURIComponent(id)}/reset-second-factor`, {
    method: "POST",
    body: {},
  });
