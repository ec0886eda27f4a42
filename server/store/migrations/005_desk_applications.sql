-- The lead desk's applications: search, filters and keyset pages over the
-- inbox, the desk's actions (quarantine, release), the consent lookup and the
-- quarantine purge. The same SQL runs on PGlite and on PostgreSQL.

-- Case-insensitive substring search ("robot" finds "Acme Robotics") needs
-- trigram indexes. PGlite loads the extension when the store is opened
-- (server/store/pglite.ts). On PostgreSQL it is pinned to one schema (public)
-- so stores in other schemas of the same database share it; the index below
-- names its operator class through that schema.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE EXTENSION pg_trgm SCHEMA public;
  END IF;
END;
$$;

-- Digits only, last ten: "+1 (212) 555-0100", "212.555.0100" and
-- "2125550100" are one phone number to the consent lookup.
CREATE FUNCTION phone_key(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN right(regexp_replace(phone, '[^0-9]', '', 'g'), 10);

ALTER TABLE applications
  -- What the inbox search looks in: company, first and last name, e-mail, lower-cased.
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(company_name || ' ' || first_name || ' ' || last_name || ' ' || email)
  ) STORED,
  -- The phone's digits, so "212-555" finds "+1 (212) 555 0100".
  ADD COLUMN phone_digits text GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED,
  -- When the desk quarantined it (NULL: at intake, a honeypot hit, so created_at).
  ADD COLUMN quarantined_at timestamptz;

DO $$
DECLARE
  trgm text := (SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                 WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX applications_search_idx ON applications USING gin (search_text %s.gin_trgm_ops)', trgm);
  EXECUTE format('CREATE INDEX applications_phone_digits_idx ON applications USING gin (phone_digits %s.gin_trgm_ops)', trgm);
END;
$$;

-- Newest first, keyset pages on (created_at, id); this replaces the
-- created_at-only index.
DROP INDEX IF EXISTS applications_created_at_idx;
CREATE INDEX applications_inbox_idx ON applications (created_at DESC, id DESC);
-- The state filter (received or in quarantine): its pages, its count from
-- the index alone, and the purge.
CREATE INDEX applications_status_idx ON applications (status, created_at DESC, id DESC);
-- Filters: funding type and the last touch's utm_source / utm_campaign.
CREATE INDEX applications_funding_type_idx ON applications (funding_type, created_at DESC, id DESC);
CREATE INDEX applications_last_source_idx
  ON applications (((attribution -> 'lastTouch') ->> 'utm_source'), created_at DESC, id DESC);
CREATE INDEX applications_last_campaign_idx
  ON applications (((attribution -> 'lastTouch') ->> 'utm_campaign'), created_at DESC, id DESC);
-- The consent lookup by e-mail (case-insensitive) and by phone number.
CREATE INDEX applications_email_idx ON applications (lower(email));
CREATE INDEX consents_phone_key_idx ON consents (phone_key(phone));
-- The consents export pages through them oldest first.
CREATE INDEX consents_consented_at_idx ON consents (consented_at, application_id);
-- Delivery health: the last successful delivery.
CREATE INDEX outbox_delivered_at_idx ON outbox (delivered_at) WHERE status = 'delivered';
-- An application's desk actions (release, quarantine, redelivery) for its timeline.
CREATE INDEX desk_audit_log_target_idx ON desk_audit_log (target, id);

-- A quarantined application is not delivered: the desk cancels its waiting
-- outbox row (the worker claims only pending and sending rows), and a release
-- makes it pending again.
ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check
  CHECK (status IN ('pending', 'sending', 'delivered', 'dead', 'cancelled'));

-- Did the CRM ever receive this application? (A delivered row, or an attempt
-- the CRM answered with success even if recording it as delivered lost a race
-- with the desk's quarantine.)
CREATE FUNCTION crm_received(application uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN EXISTS (
    SELECT 1 FROM outbox o
     WHERE o.application_id = application
       AND (o.status = 'delivered'
            OR EXISTS (SELECT 1 FROM delivery_attempts d WHERE d.outbox_id = o.id AND d.outcome = 'delivered'))
  );

-- Consent records stay write-once, with one exception: the quarantine purge
-- deletes spam together with its consent record. Spam carries no consent
-- worth keeping, unless the CRM ever received the application: then its consent is
-- the evidence for any text the CRM sends, and it stays.
CREATE OR REPLACE FUNCTION consents_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id AND status = 'spam')
     AND NOT crm_received(OLD.application_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'consent records are write-once';
END;
$$;

-- ... and only together with its application: checked at COMMIT.
CREATE FUNCTION consents_deleted_with_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM applications WHERE id = OLD.application_id) THEN
    RAISE EXCEPTION 'a consent record may only be deleted together with its application';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER consents_deleted_with_application
  AFTER DELETE ON consents DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION consents_deleted_with_application();
