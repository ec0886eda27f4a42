-- A lead's booked call (server/inbound/call-booked.ts), where the desk shows
-- it without reading the timeline: the lead's header and its inbox row, and
-- its owner's e-mail (server/booked-calls/). The same SQL runs on PGlite and
-- on PostgreSQL.

ALTER TABLE applications
  -- When the booked call is: the latest booking's (a call moved to another
  -- time arrives as a new booking; the booking service reports no
  -- cancellations). NULL: none booked.
  ADD COLUMN booked_call_at timestamptz,
  -- When that booking was reported (its activity's time): an older report
  -- arriving late does not replace it.
  ADD COLUMN booked_call_booked_at timestamptz,
  -- When its owner's e-mail took it in; NULL: not yet (a new booking clears it).
  ADD COLUMN booked_call_told_at timestamptz;

-- The calls booked before this migration, from their activities; their
-- owners are not e-mailed about them now.
UPDATE applications a
   SET booked_call_at = (b.details ->> 'scheduledAt')::timestamptz,
       booked_call_booked_at = b.at,
       booked_call_told_at = now()
  FROM (SELECT DISTINCT ON (application_id) application_id, at, details
          FROM application_activities
         WHERE kind = 'booking' AND details ->> 'scheduledAt' IS NOT NULL
         ORDER BY application_id, at DESC, id DESC) b
 WHERE b.application_id = a.id;

-- The owners' booked-call e-mails still to send: few rows, by owner.
CREATE INDEX applications_booked_call_untold_idx ON applications (owner_id)
  WHERE booked_call_at IS NOT NULL AND booked_call_told_at IS NULL;

-- The owner's e-mail keeps to the staff alerts' rule: at most one per
-- REVIEW_ALERT_INTERVAL per person (review_alert_sends, kind 'call-booked'),
-- and the mail outbox takes its kind. Each check is widened from what it
-- allows now (other migrations widen them too), not written out again.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'review_alert_sends'::regclass AND c.conname = 'review_alert_sends_kind_check'
           UNION SELECT 'call-booked') allowed;
  ALTER TABLE review_alert_sends DROP CONSTRAINT review_alert_sends_kind_check;
  EXECUTE format('ALTER TABLE review_alert_sends ADD CONSTRAINT review_alert_sends_kind_check CHECK (kind IN (%s))', kinds);

  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT 'call-booked') allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;
