/**
 * Invitation links: the only way an account comes to exist (and the way an
 * admin lets someone set a new second factor). Each link carries a random
 * token; the store keeps only its SHA-256, so a copy of the database cannot be
 * turned into working links. A link works once and expires (DESK_INVITE_TTL).
 */
import { createHash, randomUUID } from "node:crypto";
import { generateRandomString } from "better-auth/crypto";
import type { InvitationPurpose, PendingInvitation, Role } from "#domain/desk/contract";
import { DESK_PAGES, deskUrl } from "#domain/desk/pages";
import type { Store } from "../store/store";

export interface Invitation {
  id: string;
  purpose: InvitationPurpose;
  /** Null for the setup link: the first admin gives their own address. */
  email: string | null;
  role: Role;
  userId: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

interface InvitationRow {
  id: string;
  purpose: InvitationPurpose;
  email: string | null;
  role: Role;
  user_id: string | null;
  expires_at: Date;
  used_at: Date | null;
}

interface PendingRow {
  id: string;
  purpose: "invite" | "reset-second-factor";
  email: string;
  role: Role;
  user_id: string | null;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
}

const toPending = (row: PendingRow): PendingInvitation => ({
  id: row.id,
  purpose: row.purpose,
  email: row.email,
  role: row.role,
  userId: row.user_id,
  invitedBy: row.invited_by,
  createdAt: new Date(row.created_at).toISOString(),
  expiresAt: new Date(row.expires_at).toISOString(),
});

const PENDING = `i.purpose <> 'setup' AND i.used_at IS NULL AND i.expires_at > $1`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The desk's page for a link: `<SITE_URL>/desk/invite/<token>`. */
export const inviteUrl = (siteUrl: string, token: string) => deskUrl(siteUrl, DESK_PAGES.invite.path(token));

export function createInvitations(options: { store: Store; siteUrl: string; ttlMs: number }) {
  const { store, siteUrl, ttlMs } = options;
  return {
    async create(input: {
      purpose: InvitationPurpose;
      email: string | null;
      role: Role;
      userId?: string;
      createdBy?: string | null;
    }): Promise<{ id: string; url: string; expiresAt: Date }> {
      // About 256 bits from a CSPRNG (the library's generator).
      const token = generateRandomString(43);
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + ttlMs);
      await store.query(
        `INSERT INTO desk_invitations (id, token_hash, purpose, email, role, user_id, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          hashToken(token),
          input.purpose,
          input.email?.toLowerCase() ?? null,
          input.role,
          input.userId ?? null,
          input.createdBy ?? null,
          expiresAt,
        ],
      );
      return { id, url: inviteUrl(siteUrl, token), expiresAt };
    },

    async find(token: string): Promise<Invitation | null> {
      if (!/^[\w-]{20,100}$/.test(token)) return null;
      const { rows } = await store.query<InvitationRow>(
        `SELECT id, purpose, email, role, user_id, expires_at, used_at FROM desk_invitations WHERE token_hash = $1`,
        [hashToken(token)],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        purpose: row.purpose,
        email: row.email,
        role: row.role,
        userId: row.user_id,
        expiresAt: new Date(row.expires_at),
        usedAt: row.used_at ? new Date(row.used_at) : null,
      };
    },

    /** Still usable: not used and not expired. */
    usable(invitation: Invitation): boolean {
      return invitation.usedAt === null && invitation.expiresAt.getTime() > Date.now();
    },

    /** Marks the link used; false when another request used it first or it expired. */
    async claim(id: string): Promise<boolean> {
      const { rowCount } = await store.query(
        `UPDATE desk_invitations SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > $2`,
        [id, new Date()],
      );
      return rowCount === 1;
    },

    /** Gives a claimed link back when the account could not be made after all. */
    async release(id: string): Promise<void> {
      await store.query(`UPDATE desk_invitations SET used_at = NULL WHERE id = $1`, [id]);
    },

    /** Links made by admins (or the CLI) that are still usable, newest first. */
    async listPending(): Promise<PendingInvitation[]> {
      const { rows } = await store.query<PendingRow>(
        `SELECT i.id, i.purpose, i.email, i.role, i.user_id, i.created_at, i.expires_at, u.email AS invited_by
         FROM desk_invitations i LEFT JOIN desk_user u ON u.id = i.created_by
         WHERE ${PENDING} ORDER BY i.created_at DESC, i.id`,
        [new Date()],
      );
      return rows.map(toPending);
    },

    /** Stops a pending link from working; null when there is no such pending link. */
    async revoke(id: string): Promise<PendingInvitation | null> {
      if (!UUID.test(id)) return null;
      const { rows } = await store.query<PendingRow>(
        `UPDATE desk_invitations i SET used_at = now()
         WHERE i.id = $2 AND ${PENDING}
         RETURNING i.id, i.purpose, i.email, i.role, i.user_id, i.created_at, i.expires_at,
           (SELECT u.email FROM desk_user u WHERE u.id = i.created_by) AS invited_by`,
        [new Date(), id],
      );
      return rows[0] ? toPending(rows[0]) : null;
    },

    /** Unused links for one account (a new reset link replaces older ones). */
    async revokeForUser(userId: string): Promise<void> {
      await store.query(
        `UPDATE desk_invitations SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      );
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
