/**
 * Handing over an access request's copy of the data: staff approve, the
 * requester is e-mailed a link (random token, only its SHA-256 kept) that
 * works for PRIVACY_PACKAGE_TTL_DAYS; following it shows a button (mail
 * scanners follow links), and pressing it gathers the data then, as a page or
 * as JSON, each opening audited.
 */
import { PRIVACY_PACKAGE_TTL_DAYS } from "#domain/privacy/kinds";
import { composePrivacyAccess, type MailSettings } from "../mail/compose";
import { hashToken, newToken } from "../mail/newsletter-mail";
import { insertMails } from "../mail/outbox-repository";
import type { Queryable } from "../store/store";
import { gatherAccessPackage, type AccessPackage } from "./access-package-repository";

/**
 * In the caller's transaction (the request locked, open, an access request):
 * a new link for `requestId`, its e-mail to `email` stored, the request
 * completed. Call notifyMailQueued after the commit.
 */
export async function issueAccessPackage(
  db: Queryable,
  requestId: string,
  email: string,
  ownerId: string,
  settings: MailSettings,
): Promise<{ expiresAt: Date }> {
  const token = newToken();
  const mail = await composePrivacyAccess(
    email,
    { token, expiresInDays: PRIVACY_PACKAGE_TTL_DAYS },
    settings,
  );
  const { rows } = await db.query<{ expires_at: Date }>(
    `UPDATE privacy_requests
        SET package_token_hash = $2, package_expires_at = now() + $3 * interval '1 day',
            status = 'completed', closed_at = now(), owner_id = coalesce(owner_id, $4),
            resolution = 'A copy of the data was e-mailed to the requester.'
      WHERE id = $1::uuid
      RETURNING package_expires_at AS expires_at`,
    [requestId, hashToken(token), PRIVACY_PACKAGE_TTL_DAYS, ownerId],
  );
  await insertMails(db, [mail], { siteUrl: settings.siteUrl });
  return { expiresAt: rows[0].expires_at };
}

export type PackageLinkState =
  { state: "valid"; requestId: string; email: string; expiresAt: Date } | { state: "expired" | "invalid" };

/** Whether a package link works now, and for which request; gathers nothing. */
export async function accessPackageLink(db: Queryable, token: string): Promise<PackageLinkState> {
  const { rows } = await db.query<{ id: string; email: string; expires_at: Date; expired: boolean }>(
    `SELECT id::text AS id, email, package_expires_at AS expires_at, package_expires_at <= now() AS expired
       FROM privacy_requests WHERE package_token_hash = $1`,
    [hashToken(token)],
  );
  if (!rows[0]) return { state: "invalid" };
  if (rows[0].expired) return { state: "expired" };
  return { state: "valid", requestId: rows[0].id, email: rows[0].email, expiresAt: rows[0].expires_at };
}

export type PackageLink =
  { state: "valid"; requestId: string; data: AccessPackage } | { state: "expired" | "invalid" };

/** What a package link opens now: the data gathered at this moment, or why not. */
export async function openAccessPackage(db: Queryable, token: string): Promise<PackageLink> {
  const link = await accessPackageLink(db, token);
  if (link.state !== "valid") return link;
  return { state: "valid", requestId: link.requestId, data: await gatherAccessPackage(db, link.email) };
}
