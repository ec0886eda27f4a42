-- The checks an upload passes once its bytes are in (decision 0021): a photo
-- written again without its metadata, a PDF's password, the virus scanner.
-- Until they are done a document is not served.
--   pending: bytes in (or coming), checks not finished;
--   needs-password: a PDF that opens only with its password, kept as it came
--     until the applicant sends it;
--   done: checked (documents stored before this migration count as done).
ALTER TABLE documents ADD COLUMN checks text NOT NULL DEFAULT 'done'
  CHECK (checks IN ('pending', 'needs-password', 'done'));

-- A document's new bytes (the re-encoded photo, the opened PDF) while they are
-- written: sealed under the document's own id, key and chunk indexes, so that
-- one statement moves them into document_chunks in place of the old ones.
-- `writer` keeps two writers of one document apart; the one that swaps first
-- wins and the other's rows go.
CREATE TABLE document_drafts (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  writer uuid NOT NULL,
  chunk_index integer NOT NULL CHECK (chunk_index >= 0),
  plain_size integer NOT NULL CHECK (plain_size > 0),
  sealed bytea NOT NULL,
  PRIMARY KEY (document_id, writer, chunk_index)
);

ALTER TABLE document_drafts ALTER COLUMN sealed SET STORAGE EXTERNAL;
