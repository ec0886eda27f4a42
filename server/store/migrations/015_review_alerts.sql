-- The review clock's alerts (server/review-clock/alerts.ts): an owner's
-- reminder before the deadline, the admins' alert once it has passed. The
-- same SQL runs on PGlite and on PostgreSQL.

-- When each recipient was last sent one: at most one message per recipient
-- per REVIEW_ALERT_INTERVAL. `person` is the owner's desk_user id for a
-- reminder, and 'admins' for the admins' alert (they share one clock, and
-- get one message each). A sender claims its turn with a conditional upsert
-- in the transaction that stores the e-mail and marks the applications, so
-- instances sharing the store never both send.
CREATE TABLE review_alert_sends (
  person text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('review-reminder', 'review-overdue')),
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (person, kind)
);

-- The mail outbox takes the two new kinds. The check is widened from what it
-- allows now (other migrations widen it too), not written out again.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT unnest(ARRAY['review-reminder', 'review-overdue'])) allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;
