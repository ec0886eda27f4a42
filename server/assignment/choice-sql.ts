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

/** Somebody who takes applications: on duty, account not disabled (`d` desk_duty, `u` desk_user). */
export const ON_DUTY = `d.on_duty AND u.banned IS NOT TRUE`;

/**
 * The CTEs `rule` and `chosen` (user_id, name, group_name: at most one row)
 * for an application with these SQL expressions as its funding type and
 * amount; `exclude` is a text[] expression of members never chosen, `when` a
 * boolean expression that must hold for anyone to be chosen.
 */
export function chooseOwnerCtes(facts: {
  fundingType: string;
  fundingAmount: string;
  exclude?: string;
  when?: string;
}): string {
  const exclude = facts.exclude ? `AND NOT (d.user_id = ANY (${facts.exclude}))` : "";
  const when = facts.when ? `${facts.when} AND` : "";
  return `rule AS (
    SELECT r.group_name FROM assignment_rules r
     WHERE (r.funding_type IS NULL OR r.funding_type = ${facts.fundingType})
       AND (r.min_amount IS NULL OR ${facts.fundingAmount} >= r.min_amount)
       AND (r.max_amount IS NULL OR ${facts.fundingAmount} <= r.max_amount)
     ORDER BY r.position, r.id LIMIT 1
  ), chosen AS (
    SELECT d.user_id, u.name,
           CASE WHEN (SELECT group_name FROM rule) = ANY (d.groups) THEN (SELECT group_name FROM rule) END
             AS group_name
      FROM desk_duty d JOIN desk_user u ON u.id = d.user_id
     WHERE ${when} ${ON_DUTY} ${exclude}
     ORDER BY coalesce((SELECT group_name FROM rule) = ANY (d.groups), false) DESC,
              d.last_assigned_at ASC NULLS FIRST, d.user_id
     LIMIT 1
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
