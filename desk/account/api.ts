/** The account page's requests: changing one's password, new backup codes. */
import type { BackupCodes } from "#domain/desk/contract";
import { request } from "../common/api/client";

/** Ends every other session; the answer sets this one's new session cookie. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  request<Record<string, never>>("/account/password", {
    method: "POST",
    body: { currentPassword, newPassword },
  });

/** Ten new backup codes, shown once; the old ones stop working. */
export const regenerateBackupCodes = (password: string) =>
  request<BackupCodes>("/account/backup-codes", { method: "POST", body: { password } });
