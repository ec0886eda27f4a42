/**
 * The round-robin's choice, written once in SQL and used by every statement
 * that gives an application its owner: the embedded store's intake (in the
 * application's own INSERT) and the batches, releases and put-backs
 * (assignment-repository.ts). The first routing rule (by position) the
 * application matches names a group; the owner is whoever on duty in that
 * group was assigned one longest ago (never first, then by id), or, when
 * nobody in the group is on duty, whoever on duty overall. The choice's turn
 * moves past every other (strictly later than the latest turn, so order never
 * depends on clocks or transaction start times), and an 'assignment'
 * activity by the system is written.
 */

/**
 * Somebody who takes applications: on duty, account not disabled, second
 * factor confirmed (an account without one cannot sign in to work them; `d`
 * desk_duty, `u` desk_user). choose_owner (migration 027) says the same.
 */
export const ON_DUTY = `d.on_duty AND u.banned IS NOT TRUE AND u."twoFactorEnabled" IS TRUE`;

/**
 * The CTE `chosen` (user_id, name, group_name: at most one row) for an
 * application with these SQL expressions as its funding type and amount;
 * `exclude` is a text[] expression of members never chosen, `when` a boolean
 * expression that must hold for anyone to be chosen. The choice itself is the
 * database function choose_owner (migrations 026, 027), whose plan each connection
 * makes once: planned inside every statement, it was half of what assignment
 * cost the embedded store per application.
 */
export function chooseOwnerCtes(facts: {
  fundingType: string;
  fundingAmount: string;
  exclude?: string;
  when?: string;
}): string {
  return `chosen AS (
    SELECT c.user_id, c.name, c.group_name
      FROM choose_owner((${facts.fundingType})::text, (${facts.fundingAmount})::numeric, ${facts.exclude ?? "'{}'::text[]"}) c
     WHERE ${facts.when ?? "true"}
  )`;
}

/**
 * The CTEs `turn` and `activity` that record the choice once `owned` (a CTE
 * returning the application's `id`, empty when nothing was given) holds the
 * application: the chosen member's turn moved, the activity written.
 */
export function recordChoiceCtes(owned: string): string {
  return `turn AS (
    UPDATE desk_duty d
       SET last_assigned_at = greatest(
             clock_timestamp(),
             (SELECT max(last_assigned_at) FROM desk_duty) + interval '1 microsecond')
      FROM chosen, ${owned} WHERE d.user_id = chosen.user_id
  ), activity AS (
    INSERT INTO application_activities (application_id, kind, owner_id, owner_name, details)
    SELECT ${owned}.id, 'assignment', chosen.user_id, chosen.name,
           CASE WHEN chosen.group_name IS NOT NULL THEN jsonb_build_object('group', chosen.group_name) END
      FROM ${owned}, chosen
  )`;
}
