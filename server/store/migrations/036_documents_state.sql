-- Where each application's documents stand, for the desk's inbox to filter
-- on and mark (domain/documents/documents-state.ts): none (no file or
-- declaration yet, or no checklist), needed, complete (every item accepted or
-- not applicable). Written with every change to the application's checklist
-- (server/documents/checklist.ts), so it is never worked out per row while a
-- page of 100,000 applications is read.
ALTER TABLE applications ADD COLUMN documents_state text NOT NULL DEFAULT 'none'
  CHECK (documents_state IN ('none', 'needed', 'complete'));

UPDATE applications a
   SET documents_state = items.state
  FROM (SELECT application_id,
               CASE WHEN bool_and(state IN ('accepted', 'not-applicable')) THEN 'complete' ELSE 'needed' END AS state
          FROM document_checklist_items
         GROUP BY application_id
        HAVING bool_or(state <> 'missing')) items
 WHERE items.application_id = a.id;

-- The inbox's "documents needed" and "documents complete", newest first: the
-- few with documents in, never a scan of every application ("no documents
-- yet", most of them, reads the inbox's own order).
CREATE INDEX applications_documents_idx ON applications (documents_state, created_at, id)
  WHERE documents_state <> 'none';

-- The e-mail that tells an applicant what needs attention in their room.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT 'document-attention') allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;
