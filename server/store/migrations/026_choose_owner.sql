-- The round-robin's choice (server/assignment/choice-sql.ts) as a function,
-- so its plan is made once per connection instead of in every statement that
-- assigns: on the embedded store, which plans each application's INSERT on
-- the server's one thread, that planning was half of what assignment cost.
-- The first routing rule (by position) the application matches names a
-- group; the owner is whoever on duty in that group was assigned one longest
-- ago (never first, then by id), or, when nobody in the group is on duty,
-- whoever on duty overall; never a member in `exclude`. No row: nobody.
-- "On duty" is choice-sql.ts's ON_DUTY: on duty, account not disabled.
CREATE FUNCTION choose_owner(funding_type text, funding_amount numeric, exclude text[] DEFAULT '{}')
RETURNS TABLE (user_id text, name text, group_name text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  rule_group text;
BEGIN
  SELECT r.group_name INTO rule_group FROM assignment_rules r
   WHERE (r.funding_type IS NULL OR r.funding_type = choose_owner.funding_type)
     AND (r.min_amount IS NULL OR choose_owner.funding_amount >= r.min_amount)
     AND (r.max_amount IS NULL OR choose_owner.funding_amount <= r.max_amount)
   ORDER BY r.position, r.id LIMIT 1;
  RETURN QUERY
    SELECT d.user_id, u.name,
           CASE WHEN rule_group = ANY (d.groups) THEN rule_group END
      FROM desk_duty d JOIN desk_user u ON u.id = d.user_id
     WHERE d.on_duty AND u.banned IS NOT TRUE AND NOT (d.user_id = ANY (exclude))
     ORDER BY coalesce(rule_group = ANY (d.groups), false) DESC,
              d.last_assigned_at ASC NULLS FIRST, d.user_id
     LIMIT 1;
END
$$;
