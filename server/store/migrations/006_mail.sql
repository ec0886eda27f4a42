-- E-mail: applicant receipts, staff alerts, CRM delivery alerts and the
-- newsletter's double opt-in. The same SQL runs on PGlite and on PostgreSQL.

-- The reference number on an applicant's receipt ("HL-" and 8 characters),
-- made from this sequence by server/mail/reference.ts: unique by construction.
-- Applications stored before e-mail existed have none.
CREATE SEQUENCE application_reference_seq;
ALTER TABLE applications ADD COLUMN reference text UNIQUE;

-- The mail outbox: every e-mail is rendered and stored here in the same
-- transaction as what caused it, then sent by the mail worker
-- (server/mail/worker.ts), which claims rows the way the CRM delivery worker
-- claims outbox rows (FOR UPDATE SKIP LOCKED, a lease).
CREATE SEQUENCE mail_outbox_id_seq;
CREATE TABLE mail_outbox (
  id bigint PRIMARY KEY DEFAULT nextval('mail_outbox_id_seq'),
  kind text NOT NULL
    CHECK (kind IN ('receipt', 'staff-alert', 'delivery-alert', 'newsletter-confirm', 'newsletter')),
  -- Purging an application (the desk's quarantine purge) purges its e-mails.
  application_id uuid REFERENCES applications (id) ON DELETE CASCADE,
  -- "<mail-<id>@<site host>>", the same on every attempt: a receiver can drop a resend.
  message_id text NOT NULL UNIQUE,
  from_address text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  -- Further header lines (List-Unsubscribe …), by name.
  headers jsonb NOT NULL DEFAULT '{}',
  html text NOT NULL,
  text text NOT NULL,
  -- 'cancelled': its application went to quarantine before it was sent.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'dead', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A per-recipient cap (receipts, newsletter confirmations): the n-th such
  -- e-mail to one address has cap_seq n. Two requests racing for the same
  -- number meet on this constraint, so the cap holds across instances.
  cap_key text,
  cap_seq integer,
  UNIQUE (cap_key, cap_seq)
);
ALTER SEQUENCE mail_outbox_id_seq OWNED BY mail_outbox.id;

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX mail_outbox_status_idx ON mail_outbox (status, id);
CREATE INDEX mail_outbox_application_idx ON mail_outbox (application_id);

-- Every send attempt, as the CRM's delivery_attempts.
CREATE TABLE mail_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mail_id bigint NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  attempted_at timestamptz NOT NULL,
  -- The SMTP server's reply code, when it gave one.
  smtp_code integer,
  error text,
  duration_ms integer NOT NULL,
  worker text NOT NULL,
  -- 'sent' | 'retry' | 'dead'
  outcome text NOT NULL
);

CREATE INDEX mail_attempts_mail_idx ON mail_attempts (mail_id, attempted_at);

-- The CRM delivery alerts' state: one row, updated under a row lock, so two
-- instances never both send the same alert.
CREATE TABLE delivery_alert_state (
  id integer PRIMARY KEY CHECK (id = 1),
  -- Failed attempts since the last delivered one.
  consecutive_failures integer NOT NULL DEFAULT 0,
  -- A "delivery failing" alert went out and no "recovered" one yet.
  failing boolean NOT NULL DEFAULT false,
  -- A "deliveries dead" alert went out since the last delivered attempt.
  dead_alerted boolean NOT NULL DEFAULT false,
  failing_since timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO delivery_alert_state (id) VALUES (1);

-- Newsletter double opt-in: an address is 'pending' until its owner follows
-- the confirmation link; only 'subscribed' (confirmed) addresses count and export.
ALTER TABLE newsletter_subscribers DROP CONSTRAINT newsletter_subscribers_status_check;
ALTER TABLE newsletter_subscribers
  ADD CONSTRAINT newsletter_subscribers_status_check
  CHECK (status IN ('pending', 'subscribed', 'unsubscribed', 'spam'));
ALTER TABLE newsletter_subscribers
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN unsubscribed_at timestamptz;
-- Addresses taken before the opt-in existed were never confirmed by their owners.
UPDATE newsletter_subscribers SET status = 'pending' WHERE status = 'subscribed';

-- Confirmation and unsubscribe links. Only a SHA-256 of each token is kept.
-- A confirmation works once and expires; an unsubscribe link keeps working.
CREATE TABLE newsletter_tokens (
  token_hash text PRIMARY KEY,
  subscriber_id bigint NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'unsubscribe')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  used_at timestamptz
);

CREATE INDEX newsletter_tokens_subscriber_idx ON newsletter_tokens (subscriber_id);
