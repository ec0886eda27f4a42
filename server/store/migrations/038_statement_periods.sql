-- The period a bank statement covers, as the machine read it from the PDF's
-- text once its checks passed (server/documents/statement-reading.ts,
-- decision 0022): a hint for staff, never a verified fact. Only documents
-- filed under a bank-statement item have one; the rest stay NULL.
--   pending: its checks (and so its reading) are not finished;
--   read: one unambiguous period was found, statement_from to statement_to;
--   not-read: none, several that disagree, a photo, or the reading was cut
--     short (too large, too slow, not a readable PDF).
-- The same SQL runs on PGlite and on PostgreSQL.
ALTER TABLE documents ADD COLUMN statement_read text
  CHECK (statement_read IN ('pending', 'read', 'not-read'));
ALTER TABLE documents ADD COLUMN statement_from date;
ALTER TABLE documents ADD COLUMN statement_to date;
ALTER TABLE documents ADD CONSTRAINT documents_statement_period_check CHECK (
  coalesce(statement_read = 'read', false) = (statement_from IS NOT NULL AND statement_to IS NOT NULL)
  AND (statement_from IS NULL OR statement_from <= statement_to)
);

-- Statements stored before this migration were never read: they say so.
UPDATE documents SET statement_read = 'not-read'
 WHERE item_id IN (SELECT id FROM document_checklist_items WHERE kind = 'bank-statement');
