-- The lead desk's staff accounts, sessions, second factors, invitations and
-- audit log. The same SQL runs on PGlite and on PostgreSQL.

-- The authentication library's tables (server/desk/auth/better-auth.ts), as its
-- schema generator (better-auth 1.7.25, getMigrations) wrote them for our
-- options. Column names are the library's.
CREATE TABLE "desk_user" (
  "id" text NOT NULL PRIMARY KEY,
  "name" text NOT NULL,
  "email" text NOT NULL UNIQUE,
  "emailVerified" boolean NOT NULL,
  "image" text,
  "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
  "updatedAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
  "twoFactorEnabled" boolean,
  "role" text,
  "banned" boolean,
  "banReason" text,
  "banExpires" timestamptz
);

CREATE TABLE "desk_session" (
  "id" text NOT NULL PRIMARY KEY,
  "expiresAt" timestamptz NOT NULL,
  "token" text NOT NULL UNIQUE,
  "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
  "updatedAt" timestamptz NOT NULL,
  "ipAddress" text,
  "userAgent" text,
  "userId" text NOT NULL REFERENCES "desk_user" ("id") ON DELETE CASCADE,
  "impersonatedBy" text,
  -- Ours: the idle timeout is measured from here.
  "lastSeenAt" timestamptz DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "desk_account" (
  "id" text NOT NULL PRIMARY KEY,
  "accountId" text NOT NULL,
  "providerId" text NOT NULL,
  "userId" text NOT NULL REFERENCES "desk_user" ("id") ON DELETE CASCADE,
  "accessToken" text,
  "refreshToken" text,
  "idToken" text,
  "accessTokenExpiresAt" timestamptz,
  "refreshTokenExpiresAt" timestamptz,
  "scope" text,
  "password" text,
  "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
  "updatedAt" timestamptz NOT NULL
);

CREATE TABLE "desk_verification" (
  "id" text NOT NULL PRIMARY KEY,
  "identifier" text NOT NULL,
  "value" text NOT NULL,
  "expiresAt" timestamptz NOT NULL,
  "createdAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL,
  "updatedAt" timestamptz DEFAULT CURRENT_TIMESTAMP NOT NULL
);

CREATE TABLE "desk_two_factor" (
  "id" text NOT NULL PRIMARY KEY,
  "secret" text NOT NULL,
  "backupCodes" text NOT NULL,
  "userId" text NOT NULL REFERENCES "desk_user" ("id") ON DELETE CASCADE,
  "verified" boolean,
  "failedVerificationCount" integer,
  "lockedUntil" timestamptz
);

CREATE INDEX "desk_session_userId_idx" ON "desk_session" ("userId");
CREATE INDEX "desk_account_userId_idx" ON "desk_account" ("userId");
CREATE INDEX "desk_verification_identifier_idx" ON "desk_verification" ("identifier");
CREATE INDEX "desk_two_factor_secret_idx" ON "desk_two_factor" ("secret");
CREATE INDEX "desk_two_factor_userId_idx" ON "desk_two_factor" ("userId");

-- Server-wide desk settings: the key that signs the library's cookies and
-- encrypts second-factor secrets, made once by the first instance to start.
CREATE TABLE desk_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- Invitation links. Only a SHA-256 of the token is kept; a link works once.
CREATE TABLE desk_invitations (
  id uuid PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  -- 'setup': the first admin, who gives their own e-mail; 'invite': a new
  -- account; 'reset-second-factor': an existing account sets a new factor.
  purpose text NOT NULL CHECK (purpose IN ('setup', 'invite', 'reset-second-factor')),
  email text,
  role text NOT NULL CHECK (role IN ('staff', 'admin')),
  user_id text REFERENCES "desk_user" ("id"),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Sign-in throttling: while a row's blocked_until is in the future, attempts
-- for its key (an account or an address) get 429. Failures are counted in
-- the shared counters table (003).
CREATE TABLE desk_sign_in_blocks (
  key text PRIMARY KEY,
  blocked_until timestamptz NOT NULL
);

-- The audit log: append-only.
CREATE TABLE desk_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id text,
  actor_email text,
  action text NOT NULL,
  target text,
  details jsonb,
  ip text,
  user_agent text
);

CREATE INDEX desk_audit_log_action_idx ON desk_audit_log (action, id DESC);
CREATE INDEX desk_audit_log_actor_idx ON desk_audit_log (actor_email, id DESC);

-- History cannot be rewritten, not even by the application's own role.
CREATE FUNCTION desk_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;

CREATE TRIGGER desk_audit_log_append_only
  BEFORE UPDATE OR DELETE ON desk_audit_log
  FOR EACH ROW EXECUTE FUNCTION desk_audit_log_append_only();

CREATE TRIGGER desk_audit_log_no_truncate
  BEFORE TRUNCATE ON desk_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION desk_audit_log_append_only();
