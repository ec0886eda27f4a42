-- Legal holds: an application, or everything of one person (by e-mail
-- address), kept out of every purge and deletion while a hold is active.
-- Staff (admins) set one with a reason and release it later; a hold is never
-- deleted or rewritten: a trigger lets an UPDATE only record the release,
-- once, and refuses DELETE and TRUNCATE, so the history of holds is evidence
-- too. No foreign key to applications: the history outlives what it held.
-- docs/retention.md. The same SQL runs on PGlite and on PostgreSQL.

CREATE TABLE legal_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What is held: one application, or every record of one e-mail address
  -- (lower-cased), never both.
  application_id uuid,
  email text CHECK (email = lower(email) AND char_length(email) <= 254),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  -- The staff member, as they were named then (no foreign key: the history
  -- outlives accounts).
  set_by_id text NOT NULL,
  set_by_name text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  released_by_id text,
  released_by_name text,
  released_at timestamptz,
  release_reason text CHECK (char_length(release_reason) BETWEEN 1 AND 500),
  CHECK ((application_id IS NULL) <> (email IS NULL)),
  CHECK (
    (released_at IS NULL) = (released_by_id IS NULL)
    AND (released_at IS NULL) = (released_by_name IS NULL)
    AND (released_at IS NULL) = (release_reason IS NULL)
  )
);

CREATE INDEX legal_holds_application_idx ON legal_holds (application_id) WHERE application_id IS NOT NULL;
CREATE INDEX legal_holds_email_idx ON legal_holds (email) WHERE email IS NOT NULL;

CREATE FUNCTION legal_holds_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.released_at IS NULL
     AND NEW.released_at IS NOT NULL
     AND NEW.id = OLD.id
     AND NEW.application_id IS NOT DISTINCT FROM OLD.application_id
     AND NEW.email IS NOT DISTINCT FROM OLD.email
     AND NEW.reason = OLD.reason
     AND NEW.set_by_id = OLD.set_by_id
     AND NEW.set_by_name = OLD.set_by_name
     AND NEW.set_at = OLD.set_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'legal holds are kept as history: a hold can only be released, once';
END;
$$;

CREATE TRIGGER legal_holds_history
  BEFORE UPDATE OR DELETE ON legal_holds
  FOR EACH ROW EXECUTE FUNCTION legal_holds_history();

CREATE TRIGGER legal_holds_no_truncate
  BEFORE TRUNCATE ON legal_holds
  FOR EACH STATEMENT EXECUTE FUNCTION legal_holds_history();

-- Is this application held, by a hold on it or on its applicant's e-mail
-- address? Every purge and deletion asks (server/retention/legal-holds.ts).
CREATE FUNCTION application_held(application uuid) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN EXISTS (
    SELECT 1 FROM legal_holds h
     WHERE h.released_at IS NULL
       AND (h.application_id = application
            OR h.email = (SELECT lower(a.email) FROM applications a WHERE a.id = application))
  );

-- Is this e-mail address held by a hold on the address itself? (A hold on
-- one of its applications holds that application: application_held.)
CREATE FUNCTION email_held(address text) RETURNS boolean
  LANGUAGE sql STABLE
  RETURN EXISTS (
    SELECT 1 FROM legal_holds h WHERE h.released_at IS NULL AND h.email = lower(address)
  );
