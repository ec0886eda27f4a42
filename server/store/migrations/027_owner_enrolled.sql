-- Only members who have confirmed their second factor take applications: an
-- account whose authenticator was never confirmed (or was reset) cannot sign
-- in to work them. choose_owner (migration 026) as before, with that added to
-- "on duty", which is choice-sql.ts's ON_DUTY: on duty, account not disabled,
-- second factor confirmed.
CREATE OR REPLACE FUNCTION choose_owner(funding_type text, funding_amount numeric, exclude text[] DEFAULT '{}')
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
     WHERE d.on_duty AND u.banned IS NOT TRUE AND u."twoFactorEnabled" IS TRUE
       AND NOT (d.user_id = ANY (exclude))
     ORDER BY coalesce(rule_group = ANY (d.groups), false) DESC,
              d.last_assigned_at ASC NULLS FIRST, d.user_id
     LIMIT 1;
END
$$;
