-- Claims have owners who are told, evidence kept in the encrypted store, and
-- reviews recorded (docs/claims.md, server/claims/). The register stays code
-- (domain/claims/register.ts); the store holds what people did about it.
-- Every change is also an audit row. The same SQL runs on PGlite and on PostgreSQL.

-- Who holds each role the register names as owner or approver ("Head of
-- Marketing"): one staff member per role, set by an admin.
CREATE TABLE claim_roles (
  role text PRIMARY KEY CHECK (char_length(role) BETWEEN 1 AND 100),
  user_id text NOT NULL REFERENCES desk_user (id) ON DELETE CASCADE,
  set_by text REFERENCES desk_user (id) ON DELETE SET NULL,
  set_at timestamptz NOT NULL DEFAULT now()
);

-- Evidence files are documents of the document room's store (sealed chunks,
-- a data key per file under the master key: decisions 0019, 0020), belonging
-- to no application: the retention purge and erasure take documents by their
-- application, so these are never taken.
ALTER TABLE documents ALTER COLUMN application_id DROP NOT NULL;

-- One evidence file filed for a claim. Withdrawn evidence is kept: withdrawn_*
-- say when, by whom and why. The document cannot be deleted while its row is here.
CREATE TABLE claim_evidence (
  id uuid PRIMARY KEY,
  claim_id text NOT NULL CHECK (char_length(claim_id) BETWEEN 1 AND 100),
  document_id uuid NOT NULL UNIQUE REFERENCES documents (id) ON DELETE RESTRICT,
  -- What the file is, in staff's words ("CRM closed-deal export, June 2027").
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 200),
  added_by text REFERENCES desk_user (id) ON DELETE SET NULL,
  added_by_name text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz,
  withdrawn_by text REFERENCES desk_user (id) ON DELETE SET NULL,
  withdrawn_by_name text,
  withdrawn_reason text CHECK (char_length(withdrawn_reason) BETWEEN 1 AND 500),
  CHECK ((withdrawn_at IS NULL) = (withdrawn_reason IS NULL)),
  CHECK ((withdrawn_at IS NULL) = (withdrawn_by_name IS NULL))
);

CREATE INDEX claim_evidence_claim_idx ON claim_evidence (claim_id, added_at);

-- A review recorded: the claim is reviewed again by review_by. The latest one
-- (by recorded_at, then id) stands in place of the register's reviewBy.
CREATE TABLE claim_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id text NOT NULL CHECK (char_length(claim_id) BETWEEN 1 AND 100),
  review_by date NOT NULL,
  note text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 2000),
  recorded_by text REFERENCES desk_user (id) ON DELETE SET NULL,
  recorded_by_name text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX claim_reviews_claim_idx ON claim_reviews (claim_id, recorded_at DESC, id DESC);

-- One row per owner e-mail sent: a claim's review coming due, or lapsed, for
-- one review-by day. Instances insert it in the transaction that stores the
-- e-mail; the primary key makes the second one's insert do nothing.
CREATE TABLE claim_alerts (
  claim_id text NOT NULL,
  event text NOT NULL CHECK (event IN ('due', 'lapsed')),
  review_by date NOT NULL,
  sent_to text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (claim_id, event, review_by)
);

-- The owner's e-mail takes a kind of its own in the mail outbox.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT 'claim-review') allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;
