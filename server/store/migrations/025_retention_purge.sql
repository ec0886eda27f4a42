-- The retention purge (server/retention/purge-repository.ts, docs/retention.md):
-- what lets it delete what its periods say, and nothing else. Each exception
-- needs the purge's own declaration, made for its transaction only
-- (set_config(..., true)), of the time before which it may delete, and none
-- touches what a legal hold covers. The same SQL runs on PGlite and on
-- PostgreSQL.

-- A sent e-mail's body is blanked once it is old; the fact it was sent (to
-- whom, when, its subject and attempts) stays. This says when.
ALTER TABLE mail_outbox ADD COLUMN body_removed_at timestamptz;
CREATE INDEX mail_outbox_body_kept_idx ON mail_outbox (sent_at, id)
  WHERE status = 'sent' AND body_removed_at IS NULL;

-- Expired desk sessions, oldest first.
CREATE INDEX desk_session_expires_idx ON desk_session ("expiresAt");

-- Consent records: write-once, deleted only with their application, and only
-- by the quarantine purge (spam the CRM never received, as before) or by the
-- retention purge: an application the CRM never received (its consent was
-- never used), or whose consent is older than the evidence period the purge
-- declares in harborline.evidence_kept_since. Never while held.
CREATE OR REPLACE FUNCTION consents_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept_since timestamptz := nullif(current_setting('harborline.evidence_kept_since', true), '')::timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND NOT application_held(OLD.application_id) THEN
    IF EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id AND status = 'quarantined')
       AND NOT crm_received(OLD.application_id) THEN
      RETURN OLD;
    END IF;
    IF kept_since IS NOT NULL
       AND (NOT crm_received(OLD.application_id) OR OLD.consented_at < kept_since) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'consent records are write-once';
END;
$$;

-- Is the audit entry about something held (its target an application under
-- a hold, or the address in its details)?
CREATE FUNCTION audit_entry_held(target text, details jsonb) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN (CASE
            WHEN target ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              THEN application_held(target::uuid)
            ELSE false
          END)
         OR coalesce(email_held(details ->> 'email'), false);

-- The audit log stays append-only (009's one exception: a repeated row counts
-- on), and its entries older than the audit period the retention purge
-- declares in harborline.audit_kept_since may be deleted, unless held.
CREATE OR REPLACE FUNCTION desk_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept_since timestamptz := nullif(current_setting('harborline.audit_kept_since', true), '')::timestamptz;
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.repeat_key IS NOT NULL
     AND NEW.id = OLD.id
     AND NEW.at = OLD.at
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
     AND NEW.actor_email IS NOT DISTINCT FROM OLD.actor_email
     AND NEW.action = OLD.action
     AND NEW.target IS NOT DISTINCT FROM OLD.target
     AND NEW.details IS NOT DISTINCT FROM OLD.details
     AND NEW.ip IS NOT DISTINCT FROM OLD.ip
     AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
     AND NEW.session_id = OLD.session_id
     AND NEW.repeat_key = OLD.repeat_key
     AND NEW.window_start = OLD.window_start
     AND NEW.times > OLD.times
     AND coalesce(NEW.rows_returned, 0) >= coalesce(OLD.rows_returned, 0)
     AND NEW.last_at >= OLD.last_at THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE'
     AND kept_since IS NOT NULL
     AND coalesce(OLD.last_at, OLD.at) < kept_since
     AND NOT audit_entry_held(OLD.target, OLD.details) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
