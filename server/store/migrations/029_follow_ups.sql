-- Follow-ups (domain/desk/work.ts): when a rep means to call a lead back
-- ("call back at"), a deadline of its own for the lead's owner. The inbox's
-- due views and "least time left" order take a lead by its next deadline
-- (server/inbox/inbox-filter.ts's DUE_AT): the earlier of its follow-up and,
-- while untouched, its review deadline. The same SQL runs on PGlite and on
-- PostgreSQL.

ALTER TABLE applications
  -- NULL: no follow-up.
  ADD COLUMN follow_up_at timestamptz,
  -- The owner's reminder took this follow-up in; setting or moving it clears this.
  ADD COLUMN follow_up_reminded_at timestamptz;

-- A follow-up set, moved or cleared on its own is an activity of its own
-- ('follow_up'). The kinds are read from what the constraint allows now
-- (another migration may widen it too), not written out again.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'application_activities'::regclass
             AND c.conname = 'application_activities_kind_check'
           UNION SELECT 'follow_up') allowed;
  ALTER TABLE application_activities DROP CONSTRAINT application_activities_kind_check;
  EXECUTE format('ALTER TABLE application_activities ADD CONSTRAINT application_activities_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;

-- The due views (open, due soon, overdue) by the next deadline: the leads
-- with a running clock or a follow-up, received and not closed. The
-- expression is inbox-filter.ts's DUE_AT, written the same way so the
-- planner matches it.
CREATE INDEX applications_due_idx
  ON applications ((CASE WHEN first_touched_at IS NULL THEN LEAST(review_due_at, follow_up_at) ELSE COALESCE(follow_up_at, review_due_at) END), id)
  WHERE status = 'received' AND work_status <> 'closed' AND (first_touched_at IS NULL OR follow_up_at IS NOT NULL);

-- Everyone's leads by time left ("least time left first"), by the same
-- next deadline; it replaces the order by review deadline alone.
CREATE INDEX applications_next_due_idx
  ON applications ((CASE WHEN first_touched_at IS NULL THEN LEAST(review_due_at, follow_up_at) ELSE COALESCE(follow_up_at, review_due_at) END), id);
DROP INDEX applications_time_left_idx;

-- The owners' follow-up reminders (server/review-clock/): the follow-ups not yet reminded.
CREATE INDEX applications_follow_up_idx ON applications (follow_up_at)
  WHERE follow_up_at IS NOT NULL AND follow_up_reminded_at IS NULL;
