-- Reminders of missing documents, and accepted documents to the CRM (issue 42).
-- The same SQL runs on PGlite and on PostgreSQL.

-- One row per reminder e-mailed about an application's missing documents
-- (server/room/document-reminders.ts), written in the transaction that
-- stores the e-mail. The primary key makes each reminder go once, whichever
-- instance's pass gets there first.
CREATE TABLE document_reminders (
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- Which of the schedule's reminders (1 = the first).
  number smallint NOT NULL CHECK (number BETWEEN 1 AND 10),
  sent_at timestamptz NOT NULL,
  -- The zone the applicant's waking hours were judged in.
  time_zone text NOT NULL,
  PRIMARY KEY (application_id, number)
);

DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT 'document-reminder') allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;

-- Accepted documents for the CRM: an outbox beside the applications' and the
-- opt-outs' (the shared claims of server/outbox/claims.ts: the same columns,
-- lease and retry schedule), one row per document, written in the
-- transaction that accepts its item. The unique document_id makes each go
-- once, however often its item is accepted again. docs/delivery.md.
CREATE TABLE document_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_id uuid NOT NULL UNIQUE REFERENCES documents (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  item_id uuid REFERENCES document_checklist_items (id) ON DELETE SET NULL,
  -- Who accepted it (a desk user's id) and when.
  accepted_by text,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX document_outbox_due_idx ON document_outbox (next_attempt_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX document_outbox_application_idx ON document_outbox (application_id);

CREATE TABLE document_delivery_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES document_outbox (id) ON DELETE CASCADE,
  attempt integer,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer,
  worker text,
  outcome text
);

CREATE INDEX document_delivery_attempts_outbox_idx ON document_delivery_attempts (outbox_id, attempted_at);
