-- Opt-outs to the CRM: an outbox of its own beside the applications' (the
-- shared claims of server/outbox/claims.ts: the same columns, lease and
-- retry schedule), one row per opt-out that must reach the CRM. Delivery
-- state lives here, never on the append-only ledger row (021). An opt-out the
-- CRM itself reported has no row: the CRM has it. overdue_alerted_at records
-- that the admins were told it had not reached the CRM by its honour-by day,
-- so each is alerted once. docs/consent-withdrawals.md. The same SQL runs on
-- PGlite and on PostgreSQL.

CREATE TABLE opt_out_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  opt_out_id bigint NOT NULL UNIQUE REFERENCES opt_outs (id),
  -- Exactly what the CRM receives (json keeps the key order).
  payload json NOT NULL,
  -- The day (YYYY-MM-DD, DESK_TIME_ZONE) it must be honoured by: past its end
  -- undelivered, the admins are alerted.
  honour_by date NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  overdue_alerted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX opt_out_outbox_due_idx ON opt_out_outbox (next_attempt_at, id) WHERE status IN ('pending', 'sending');
-- The overdue check looks only at what is not delivered and not yet alerted.
CREATE INDEX opt_out_outbox_overdue_idx ON opt_out_outbox (honour_by)
  WHERE status <> 'delivered' AND overdue_alerted_at IS NULL;

CREATE TABLE opt_out_delivery_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES opt_out_outbox (id),
  attempt integer,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer,
  worker text,
  outcome text
);

CREATE INDEX opt_out_delivery_attempts_outbox_idx ON opt_out_delivery_attempts (outbox_id, attempted_at);
