/** Setup, invitations, sign-in, sessions: the account side of /api/desk. */
import { request } from "./client";
import type { Enrolment, Invitation, Items, Me, SessionInfo, SetupStatus } from "./types";

const token = (value: string) => encodeURIComponent(value);

export const getSetup = (signal?: AbortSignal) => request<SetupStatus>("/setup", { signal });

export const getInvitation = (value: string, signal?: AbortSignal) =>
  request<Invitation>(`/invitations/${token(value)}`, { signal });

/** `email` only for the setup link (an invitation without an address); `name` is optional. */
export const acceptInvitation = (
  value: string,
  answer: { password: string; email?: string; name?: string },
) =>
  request<{ enrolment: Enrolment }>(`/invitations/${token(value)}/accept`, { method: "POST", body: answer });

export const confirmEnrolment = (code: string) =>
  request<{ backupCodes: string[] }>("/enrolment/confirm", { method: "POST", body: { code } });

export const signIn = (email: string, password: string) =>
  request<{ next: "code" }>("/sign-in", { method: "POST", body: { email, password } });

/** The second step: an authenticator code, or one of the backup codes. */
export const signInCode = (answer: { code: string } | { backupCode: string }) =>
  request<{ user: Me }>("/sign-in/code", { method: "POST", body: answer });

export const signOut = () => request<void>("/sign-out", { method: "POST", body: {} });

export const getMe = (signal?: AbortSignal) => request<Me>("/me", { signal });

export const listSessions = (userId?: string, signal?: AbortSignal) =>
  request<Items<SessionInfo>>(userId ? `/sessions?userId=${encodeURIComponent(userId)}` : "/sessions", {
    signal,
  });

export const endSession = (id: string) =>
  request<void>(`/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Ends every other session; the answer sets this one's new session cookie. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  request<Record<string, never>>("/account/password", {
    method: "POST",
    body: { currentPassword, newPassword },
  });

/** Ten new backup codes, shown once; the old ones stop working. */
export const regenerateBackupCodes = (password: string) =>
  request<{ backupCodes: string[] }>("/account/backup-codes", { method: "POST", body: { password } });
