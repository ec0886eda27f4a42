/**
 * Invitation links: the only way an account comes to exist (and the way an
 * admin lets someone set a new second factor). Each link carries a random
 * token; the store keeps only its SHA-256, so a copy of the database cannot be
 * turned into working links. A link works once and expires (DESK_INVITE_TTL).
 */
import { createHash, randomUUID } from "node:crypto";
import { generateRandomString } from "better-auth/crypto";
import type { Store } from "../../store/store";

export type InvitationPurpose = "setup" | "invite" | "reset-second-factor";
export type Role = "staff" | "admin";

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

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The console's page for a link (desk/): `<SITE_URL>/desk/invite/<token>`. */
export const inviteUrl = (siteUrl: string, token: string) => `${siteUrl}/desk/invite/${token}`;

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
