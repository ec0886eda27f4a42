-- The opt-out ledger: every withdrawal of consent to be contacted, by text
-- message (sms) or by e-mail, however it reached us. Append-only: a row is
-- never changed or deleted (a trigger refuses UPDATE, DELETE and TRUNCATE),
-- so the ledger is evidence of what we were told and when; the consent
-- records it withdraws (consents) are not touched either.
-- docs/consent-withdrawals.md. The same SQL runs on PGlite and on PostgreSQL.

CREATE TABLE opt_outs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  -- An sms opt-out's number as it was given, and its key for look-ups
  -- (phone_key(), 005: the last ten digits), as the consent lookup matches.
  phone text CHECK (char_length(phone) <= 40),
  phone_key text GENERATED ALWAYS AS (phone_key(phone)) STORED,
  -- An e-mail opt-out's address, lower-cased.
  email text CHECK (email = lower(email) AND char_length(email) <= 254),
  -- How it reached us: a call or an e-mail to staff (recorded in the desk), a
  -- STOP reply to a text, the CRM, the site's opt-out form.
  received_via text NOT NULL CHECK (received_via IN ('phone', 'email', 'sms-reply', 'crm', 'web-form')),
  note text CHECK (char_length(note) <= 1000),
  -- The staff member who recorded it, as they were named then (no foreign
  -- key: the ledger outlives accounts); both null for a system source.
  recorded_by_id text,
  recorded_by_name text,
  received_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((channel = 'sms') = (phone IS NOT NULL) AND (channel = 'email') = (email IS NOT NULL)),
  CHECK ((recorded_by_id IS NULL) = (recorded_by_name IS NULL))
);

CREATE INDEX opt_outs_phone_key_idx ON opt_outs (phone_key, received_at DESC) WHERE phone_key IS NOT NULL;
CREATE INDEX opt_outs_email_idx ON opt_outs (email, received_at DESC) WHERE email IS NOT NULL;

CREATE FUNCTION opt_outs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the opt-out ledger is append-only';
END;
$$;

CREATE TRIGGER opt_outs_append_only
  BEFORE UPDATE OR DELETE ON opt_outs
  FOR EACH ROW EXECUTE FUNCTION opt_outs_append_only();

CREATE TRIGGER opt_outs_no_truncate
  BEFORE TRUNCATE ON opt_outs
  FOR EACH STATEMENT EXECUTE FUNCTION opt_outs_append_only();
