/**
 * Reading staff accounts for the admin screens (the library's tables, read
 * only). The last sign-in comes from the audit log (a full sign-in, or the
 * enrolment that ends in one).
 */
import type { StaffMember } from "#domain/desk/contract";
import type { Store } from "../store/store";

interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean | null;
  twoFactorEnabled: boolean | null;
  createdAt: Date;
  last_sign_in_at: Date | null;
  on_duty: boolean | null;
  groups: string[] | null;
}

const SELECT = `
  SELECT u.id, u.email, u.name, u.role, u.banned, u."twoFactorEnabled", u."createdAt",
    (SELECT max(a.at) FROM desk_audit_log a
     WHERE a.action IN ('sign-in.succeeded', 'second-factor.enrolled') AND a.actor_id = u.id) AS last_sign_in_at,
    d.on_duty, d.groups
  FROM desk_user u LEFT JOIN desk_duty d ON d.user_id = u.id`;

const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role === "admin" ? "admin" : "staff",
  disabled: row.banned === true,
  twoFactorEnabled: row.twoFactorEnabled === true,
  createdAt: new Date(row.createdAt).toISOString(),
  lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  onDuty: row.on_duty === true,
  groups: row.groups ?? [],
});

export function createStaffRepository(store: Store) {
  return {
    async list(): Promise<StaffMember[]> {
      const { rows } = await store.query<StaffRow>(`${SELECT} ORDER BY u.email`);
      return rows.map(toMember);
    },
    async findById(id: string): Promise<StaffMember | null> {
      const { rows } = await store.query<StaffRow>(`${SELECT} WHERE u.id = $1`, [id]);
      return rows[0] ? toMember(rows[0]) : null;
    },
    async findByEmail(email: string): Promise<StaffMember | null> {
      const { rows } = await store.query<StaffRow>(`${SELECT} WHERE u.email = lower($1)`, [email]);
      return rows[0] ? toMember(rows[0]) : null;
    },
  };
}
