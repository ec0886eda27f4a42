/**
 * `npm run applications -- staff invite <email> --role admin|staff [--json]`: an
 * invitation link for a new desk account, the same as an admin makes in the
 * desk (single use, expires after DESK_INVITE_TTL). It is written to the
 * audit log with no actor (the operator at the server).
 */
import type { Config } from "../config";
import { createAuditRepository } from "../audit/audit-repository";
import { createInvitations } from "../staff/invitation-repository";
import type { Store } from "../store/store";

export const STAFF_USAGE = `  staff invite <email> --role admin|staff
                                    a single-use invitation link for a new desk account`;

export class StaffUsageError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function runStaffCommand(
  args: string[],
  values: { role?: unknown; json?: unknown },
  store: Store,
  config: Config,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  const [action, email] = args;
  if (action !== "invite")
    throw new StaffUsageError("staff needs a subcommand: invite <email> --role admin|staff");
  if (!email || !EMAIL.test(email)) throw new StaffUsageError("staff invite needs an e-mail address");
  const role = values.role;
  if (role !== "admin" && role !== "staff") throw new StaffUsageError("--role must be admin or staff");

  const { rows } = await store.query(`SELECT 1 FROM desk_user WHERE email = lower($1)`, [email]);
  if (rows.length) {
    io.stderr(`There is already a desk account for ${email}.`);
    return 1;
  }
  const invitations = createInvitations({ store, siteUrl: config.siteUrl, ttlMs: config.desk.inviteTtlMs });
  const { id, url, expiresAt } = await invitations.create({ purpose: "invite", email, role });
  await createAuditRepository(store).record({
    actorId: null,
    actorEmail: null,
    action: "invitation.created",
    target: id,
    details: { email: email.toLowerCase(), role, via: "cli" },
  });
  if (values.json) io.stdout(JSON.stringify({ inviteUrl: url }));
  else {
    io.stdout(`Invitation for ${email} (${role}), works once until ${expiresAt.toISOString()}:\n  ${url}`);
  }
  return 0;
}
