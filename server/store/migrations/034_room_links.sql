-- The applicant's way into the document room (issue 42, server/room/): a link
-- per application, e-mailed with the receipt and asked for again by e-mail,
-- and the sessions those links start. Only a SHA-256 of each token and of
-- each session id is stored: a copy of the database opens no room. Both go
-- with their application (the retention purge, a deletion request).

-- A room link's token. Opening the link (GET, HEAD: what a mail scanner does)
-- uses nothing; a deliberate POST starts a session, and the same token starts
-- later ones too, for as long as the application is kept.
CREATE TABLE room_links (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- How the link was made: with the application's receipt, or asked for again.
  made_for text NOT NULL CHECK (made_for IN ('receipt', 'asked-again')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last session it started (NULL: none yet).
  last_used_at timestamptz
);

CREATE INDEX room_links_application_idx ON room_links (application_id);

-- An applicant's session in one application's room: an HttpOnly cookie holds
-- the id. It ends after two idle hours or seven days, whichever comes first.
CREATE TABLE room_sessions (
  id_hash text PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX room_sessions_application_idx ON room_sessions (application_id);
CREATE INDEX room_sessions_expires_idx ON room_sessions (expires_at);

-- The e-mail that carries fresh room links to an address that asked for them.
-- The allowed kinds are rebuilt from what the constraint allows now (other
-- migrations widen it too), not written out again.
DO $$
DECLARE
  kinds text;
BEGIN
  SELECT string_agg(quote_literal(kind), ', ' ORDER BY kind) INTO kinds
    FROM (SELECT (regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g'))[1] AS kind
            FROM pg_constraint c
           WHERE c.conrelid = 'mail_outbox'::regclass AND c.conname = 'mail_outbox_kind_check'
           UNION SELECT 'room-link') allowed;
  ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
  EXECUTE format('ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN (%s))', kinds);
END;
$$;
