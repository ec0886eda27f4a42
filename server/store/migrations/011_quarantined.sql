-- An application held back (a honeypot hit at intake, or marked by staff) is
-- 'quarantined', the word the desk, the CLI and the contract use, no longer
-- 'spam'. The newsletter's own 'spam' status (a sign-up the honeypot caught)
-- is another table and stays. The same SQL runs on PGlite and on PostgreSQL.

ALTER TABLE applications DROP CONSTRAINT applications_status_check;
UPDATE applications SET status = 'quarantined' WHERE status = 'spam';
ALTER TABLE applications
  ADD CONSTRAINT applications_status_check CHECK (status IN ('received', 'quarantined'));
-- Why it was quarantined: 'honeypot', or the reason the staff member gave.
ALTER TABLE applications RENAME COLUMN spam_reason TO quarantine_reason;

-- The quarantine purge's exception to write-once consent records (005) tests
-- the status by name.
CREATE OR REPLACE FUNCTION consents_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id AND status = 'quarantined')
     AND NOT crm_received(OLD.application_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'consent records are write-once';
END;
$$;

-- The analytics outcome of a stored application held back, raw and rolled up.
UPDATE analytics_events SET name = 'application_quarantined' WHERE name = 'application_spam';
UPDATE analytics_daily SET dimension = 'application_quarantined'
 WHERE metric = 'events' AND dimension = 'application_spam';
