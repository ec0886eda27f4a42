/** Before sign-in: first setup, invitations and enrolment, the two sign-in steps. */
import { request } from "../common/api/client";
import type {
  BackupCodes,
  EnrolmentStarted,
  Invitation,
  SetupStatus,
  SignedIn,
  SignInNext,
} from "#domain/desk/contract";

const token = (value: string) => encodeURIComponent(value);

export const getSetup = (signal?: AbortSignal) => request<SetupStatus>("/setup", { signal });

export const getInvitation = (value: string, signal?: AbortSignal) =>
  request<Invitation>(`/invitations/${token(value)}`, { signal });

/** `email` only for the setup link (an invitation without an address); `name` is optional. */
export const acceptInvitation = (
  value: string,
  answer: { password: string; email?: string; name?: string },
) => request<EnrolmentStarted>(`/invitations/${token(value)}/accept`, { method: "POST", body: answer });

export const confirmEnrolment = (code: string) =>
  request<BackupCodes>("/enrolment/confirm", { method: "POST", body: { code } });

export const signIn = (email: string, password: string) =>
  request<SignInNext>("/sign-in", { method: "POST", body: { email, password } });

/** The second step: an authenticator code, or one of the backup codes. */
export const signInCode = (answer: { code: string } | { backupCode: string }) =>
  request<SignedIn>("/sign-in/code", { method: "POST", body: answer });
