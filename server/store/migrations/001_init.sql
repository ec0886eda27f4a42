-- Applications, their consent records, the CRM outbox and the newsletter.
-- The same SQL runs on PGlite and on PostgreSQL.

CREATE TABLE applications (
  id uuid PRIMARY KEY,
  -- Made once per attempt by the browser; a repeat returns the first id.
  submission_id uuid NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('received', 'spam')),
  spam_reason text,
  source text NOT NULL,
  -- The ISO `timestamp` sent to the CRM.
  submitted_at timestamptz NOT NULL,
  company_name text NOT NULL,
  industry text NOT NULL,
  annual_revenue text NOT NULL,
  years_in_business text NOT NULL,
  business_description text NOT NULL,
  funding_type text NOT NULL,
  funding_amount numeric NOT NULL,
  funding_purpose text NOT NULL,
  timeframe text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  title text NOT NULL,
  credit_score text NOT NULL,
  sms_consent boolean NOT NULL,
  -- Exactly what the CRM receives. `json`, not `jsonb`: jsonb reorders keys,
  -- and the CRM's keys must come first, in order, with our extra keys appended.
  payload json NOT NULL,
  client_ip text,
  user_agent text,
  attribution jsonb
);

CREATE INDEX applications_created_at_idx ON applications (created_at DESC);

-- Proof of SMS consent: written with the application, never changed.
CREATE TABLE consents (
  application_id uuid PRIMARY KEY REFERENCES applications (id),
  consent_text text NOT NULL,
  consent_version text NOT NULL,
  consented_at timestamptz NOT NULL,
  ip text,
  user_agent text,
  page_url text,
  phone text NOT NULL
);

CREATE FUNCTION consents_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent records are write-once';
END;
$$;

CREATE TRIGGER consents_write_once
  BEFORE UPDATE OR DELETE ON consents
  FOR EACH ROW EXECUTE FUNCTION consents_write_once();

-- One row per application to deliver to the CRM (written in the same
-- transaction as the application; claimed by the delivery worker).
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id uuid NOT NULL UNIQUE REFERENCES applications (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at, id) WHERE status IN ('pending', 'sending');

CREATE TABLE delivery_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES outbox (id),
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer
);

CREATE INDEX delivery_attempts_outbox_idx ON delivery_attempts (outbox_id, attempted_at);

CREATE TABLE newsletter_subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('subscribed', 'spam')),
  spam_reason text,
  ip text,
  user_agent text
);
