/**
 * The claims as the desk works them (docs/claims.md): the register (code)
 * joined with what the store holds (claims-repository.ts): each claim's
 * status from #domain/claims/status with its stored state, its evidence
 * files, its history (the audit rows about it) and who holds its owner's and
 * approver's roles. Who may change what: an admin anything; the holder of a
 * claim's owner role may attach and withdraw its evidence and record its
 * review; only an admin gives roles.
 */
import { CLAIM_ACTIONS, type ClaimAuditAction } from "#domain/audit/actions";
import { claimHistoryWords } from "#domain/claims/history";
import type { ClaimRecord } from "#domain/claims/record";
import { claimRegister } from "#domain/claims/register";
import { claimReviewBy, claimStatus } from "#domain/claims/status";
import type {
  ClaimHistoryEntry,
  ClaimItem,
  ClaimRoleHolder,
  ClaimsOverview,
  Role,
} from "#domain/desk/contract";
import type { Queryable } from "../store/store";
import {
  activePeople,
  listEvidence,
  roleHolders,
  storedStates,
  type EvidenceRow,
  type RoleHolder,
} from "./claims-repository";

const byId = new Map(claimRegister.map((record) => [record.id, record]));

/** The register's record of `id`, or undefined for an id it does not have. */
export const findClaim = (id: string): ClaimRecord | undefined => byId.get(id);

/** Every role the register names as an owner or an approver, in order. */
export const CLAIM_ROLES: readonly string[] = [
  ...new Set(claimRegister.flatMap((record) => [record.owner, record.approver])),
].sort();

/** Who is asking: their account and desk role. */
export interface ClaimsActor {
  userId: string;
  role: Role;
}

/** The roles `userId` holds. */
export const rolesOf = (holders: RoleHolder[], userId: string) =>
  holders.filter((holder) => holder.id === userId).map((holder) => holder.role);

/** An admin, or the holder of the claim's owner role. */
export async function mayWork(db: Queryable, actor: ClaimsActor, record: ClaimRecord): Promise<boolean> {
  if (actor.role === "admin") return true;
  return rolesOf(await roleHolders(db), actor.userId).includes(record.owner);
}

interface AuditRow {
  at: Date | string;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
}

/** The audit rows about claims and their roles, newest first. */
async function claimAuditRows(db: Queryable): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT l.at, u.name AS actor_name, l.actor_email, l.action, l.target, l.details
       FROM desk_audit_log l LEFT JOIN desk_user u ON u.id = l.actor_id
      WHERE l.action = ANY($1::text[])
      ORDER BY l.at DESC, l.id DESC LIMIT 5000`,
    [CLAIM_ACTIONS],
  );
  return rows;
}

const toFile = (row: EvidenceRow) => ({
  id: row.id,
  label: row.label,
  mediaType: row.mediaType,
  size: row.size,
  addedBy: row.addedBy,
  addedAt: row.addedAt,
  withdrawnAt: row.withdrawnAt,
  withdrawnBy: row.withdrawnBy,
  withdrawnReason: row.withdrawnReason,
});

/** Every claim with its standing on `today`, its files and history, the roles and who asks. */
export async function claimsOverview(
  db: Queryable,
  options: { today: string; pages: Record<string, string[]> | null; actor: ClaimsActor },
): Promise<ClaimsOverview> {
  const [states, evidence, holders, audit, people] = await Promise.all([
    storedStates(db),
    listEvidence(db),
    roleHolders(db),
    claimAuditRows(db),
    activePeople(db),
  ]);
  const roles: ClaimRoleHolder[] = CLAIM_ROLES.map((role) => {
    const holder = holders.find((entry) => entry.role === role);
    return {
      role,
      holder: holder
        ? { id: holder.id, name: holder.name, email: holder.email, active: holder.active }
        : null,
    };
  });
  const history = (record: ClaimRecord): ClaimHistoryEntry[] =>
    audit
      .filter((row) =>
        row.action === "claim-role.assigned"
          ? row.target === record.owner || row.target === record.approver
          : row.target === record.id,
      )
      .map((row) => ({
        at: row.at instanceof Date ? row.at.toISOString() : new Date(row.at).toISOString(),
        actor: row.actor_name || row.actor_email,
        action: row.action as ClaimAuditAction,
        summary: claimHistoryWords(row.action as ClaimAuditAction, row.details),
      }));
  const claims: ClaimItem[] = claimRegister.map((record) => {
    const stored = states[record.id];
    return {
      ...record,
      status: claimStatus(record, stored, options.today),
      reviewBy: claimReviewBy(record, stored),
      registerReviewBy: record.reviewBy,
      files: evidence.filter((row) => row.claimId === record.id).map(toFile),
      history: history(record),
      pages: options.pages === null ? null : (options.pages[record.id] ?? []),
    };
  });
  return {
    today: options.today,
    built: options.pages !== null,
    claims,
    roles,
    people,
    yourRoles: rolesOf(holders, options.actor.userId),
  };
}
