-- Privacy requests (docs/privacy-requests.md): a person asks, through the
-- site's form at /privacy-request, for a copy of their data, a correction,
-- erasure, or an end to texts or e-mail. A request is 'unverified' until its
-- owner follows the link e-mailed to the address (only the link token's
-- SHA-256 is kept, the link works once); unverified requests expire and are
-- removed. A verified one is due 30 calendar days later and is worked in the
-- desk: an owner, a status, a reason when refused. The same SQL runs on
-- PGlite and on PostgreSQL.

CREATE TABLE privacy_requests (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('access', 'correct', 'delete', 'stop-sms', 'stop-email')),
  email text NOT NULL CHECK (email = lower(email) AND char_length(email) <= 254),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  details text NOT NULL DEFAULT '' CHECK (char_length(details) <= 2000),
  status text NOT NULL DEFAULT 'unverified'
    CHECK (status IN ('unverified', 'new', 'in_progress', 'completed', 'refused')),
  -- The verification link: its token's hash and when it stops working; it
  -- works while the request is unverified.
  token_hash text UNIQUE,
  token_expires_at timestamptz NOT NULL,
  ip text,
  user_agent text CHECK (char_length(user_agent) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  due_at timestamptz,
  owner_id text REFERENCES "desk_user" ("id") ON DELETE SET NULL,
  -- Why it was refused (required then), or what was done.
  resolution text CHECK (char_length(resolution) <= 2000),
  closed_at timestamptz,
  -- The last reminder its owner (or the admins) had about its deadline.
  reminded_at timestamptz,
  -- An access request's copy of the data: the link e-mailed once staff
  -- approved it (its token's hash) and when it stops working. The copy is
  -- gathered when the link is opened, never stored.
  package_token_hash text UNIQUE,
  package_expires_at timestamptz,
  CHECK ((status = 'unverified') = (verified_at IS NULL)),
  CHECK ((verified_at IS NULL) = (due_at IS NULL)),
  CHECK ((status IN ('completed', 'refused')) = (closed_at IS NOT NULL)),
  CHECK (status <> 'refused' OR resolution IS NOT NULL)
);

-- The desk's queue (open ones by time left) and the removal of expired unverified ones.
CREATE INDEX privacy_requests_open_idx ON privacy_requests (due_at) WHERE status IN ('new', 'in_progress');
CREATE INDEX privacy_requests_unverified_idx ON privacy_requests (token_expires_at) WHERE status = 'unverified';
CREATE INDEX privacy_requests_email_idx ON privacy_requests (email);

-- The mail outbox takes the privacy requests' e-mails. The check is widened
-- from what it allows now (other migrations widen it too), not written out again.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT unnest(ARRAY['privacy-verify', 'privacy-reminder', 'privacy-access'])) allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;

-- A deletion request carried out: a tombstone that it was done, with counts
-- and no personal data (the request it answers keeps the address it came from).
CREATE TABLE privacy_erasures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id uuid NOT NULL UNIQUE REFERENCES privacy_requests (id),
  erased_at timestamptz NOT NULL DEFAULT now(),
  applications_erased integer NOT NULL,
  mails_erased integer NOT NULL,
  -- Applications kept because a legal hold covers them (023).
  applications_held integer NOT NULL
);

-- The CRM learns of an erasure through the outbox the opt-outs reach it by
-- (022): a row is an opt-out's or a deletion request's, never both.
ALTER TABLE opt_out_outbox ALTER COLUMN opt_out_id DROP NOT NULL;
ALTER TABLE opt_out_outbox
  ADD COLUMN privacy_request_id uuid UNIQUE REFERENCES privacy_requests (id),
  ADD CONSTRAINT opt_out_outbox_one_subject CHECK ((opt_out_id IS NULL) <> (privacy_request_id IS NULL));
