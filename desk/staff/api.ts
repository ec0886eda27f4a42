/** Staff and invitations (admin only; the server refuses these to staff), duty and the routing rules. */
import { request } from "../common/api/client";
import type {
  AssignmentRule,
  DutyChange,
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

/** An admin sets anyone's duty and routing groups. */
export const updateDuty = (id: string, change: DutyChange) =>
  request<StaffMember>(`/staff/${encodeURIComponent(id)}/duty`, { method: "PATCH", body: change });

/** The routing rules in order (any member reads them). */
export const listRules = (signal?: AbortSignal) =>
  request<Items<AssignmentRule>>("/assignment-rules", { signal });

/** Replaces the whole ordered list (admins). */
export const saveRules = (items: Omit<AssignmentRule, "id">[]) =>
  request<Items<AssignmentRule>>("/assignment-rules", { method: "PUT", body: { items } });
