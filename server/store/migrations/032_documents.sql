-- The applicant's document room (issue 42): each application's checklist,
-- the documents staff asked for besides it, and the documents themselves,
-- encrypted (decisions 0019 and 0020). Everything hangs off the application
-- and goes with it: the retention purge, a deletion request and a withdrawn
-- upload remove the bytes in the same statement as the rows. The same SQL
-- runs on PGlite and on PostgreSQL.

-- A document staff asked one application for, beyond its checklist.
CREATE TABLE document_requests (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- What the applicant reads: "Lease for your main location".
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 200),
  detail text CHECK (char_length(detail) <= 1000),
  requested_by text REFERENCES desk_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX document_requests_application_idx ON document_requests (application_id);

-- One item of an application's checklist: a slot of its funding type's
-- defaults (domain/documents/checklist.ts), made once with the application's
-- facts, or a staff request. Its state follows domain/documents/item-state.ts.
CREATE TABLE document_checklist_items (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- The slot's key ("bank-statement:2026-03"), or "request:<request id>".
  slot text NOT NULL,
  kind text NOT NULL,
  -- The words the item was made with, kept: a later change of wording does
  -- not rename what the applicant was asked for.
  label text NOT NULL,
  month text CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  year integer,
  owner smallint CHECK (owner BETWEEN 1 AND 5),
  request_id uuid REFERENCES document_requests (id) ON DELETE CASCADE,
  position integer NOT NULL,
  state text NOT NULL DEFAULT 'missing'
    CHECK (state IN ('missing', 'received', 'accepted', 'needs-attention', 'not-applicable')),
  -- Staff's reason for needing attention, the applicant's for not applicable.
  reason text CHECK (char_length(reason) <= 500),
  -- Who moved it last: 'applicant', or a desk user's id.
  state_changed_by text,
  state_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, slot),
  CHECK ((state IN ('needs-attention', 'not-applicable')) = (reason IS NOT NULL)),
  CHECK ((kind = 'requested') = (request_id IS NOT NULL))
);

-- One uploaded file. Its bytes are in document_chunks, sealed under its own
-- data key, which is kept here wrapped by the master key `key_id` names.
CREATE TABLE documents (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  item_id uuid REFERENCES document_checklist_items (id) ON DELETE SET NULL,
  -- uploading: bytes still arriving; complete: every byte is in.
  state text NOT NULL DEFAULT 'uploading' CHECK (state IN ('uploading', 'complete')),
  uploaded_by text NOT NULL CHECK (uploaded_by IN ('applicant', 'staff')),
  -- The file's name on the applicant's device, for staff to read; never a path
  -- and never the name a download is served under.
  original_name text CHECK (char_length(original_name) <= 255),
  -- Decided from the bytes (domain/documents/file-kind.ts), never from the name.
  media_type text,
  -- The size announced when the upload began (tus's Upload-Length); NULL when
  -- the server writes a file whose size it learns at the end.
  declared_size bigint CHECK (declared_size > 0),
  size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  chunk_count integer NOT NULL DEFAULT 0 CHECK (chunk_count >= 0),
  key_id text NOT NULL,
  wrapped_key bytea NOT NULL,
  scan text NOT NULL DEFAULT 'not-scanned' CHECK (scan IN ('not-scanned', 'clean', 'flagged')),
  scan_signature text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CHECK ((state = 'complete') = (completed_at IS NOT NULL)),
  CHECK (declared_size IS NULL OR size <= declared_size)
);

CREATE INDEX documents_application_idx ON documents (application_id, created_at);
CREATE INDEX documents_item_idx ON documents (item_id) WHERE item_id IS NOT NULL;
-- The re-wrap pass after a key rotation finds the documents of older keys.
CREATE INDEX documents_key_idx ON documents (key_id);
-- Unfinished uploads expire.
CREATE INDEX documents_uploading_idx ON documents (created_at) WHERE state = 'uploading';

-- A document's bytes, in order: each chunk sealed on its own (decision 0020).
CREATE TABLE document_chunks (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  chunk_index integer NOT NULL CHECK (chunk_index >= 0),
  -- The plaintext's length (the sealed bytes are 28 longer).
  plain_size integer NOT NULL CHECK (plain_size > 0),
  sealed bytea NOT NULL,
  PRIMARY KEY (document_id, chunk_index)
);

-- Ciphertext does not compress: stored out of line without trying.
ALTER TABLE document_chunks ALTER COLUMN sealed SET STORAGE EXTERNAL;
