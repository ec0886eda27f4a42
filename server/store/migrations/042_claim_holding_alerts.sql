-- The claims' owners are also e-mailed when a computed claim stops holding
-- (docs/claims.md, "Owners, evidence and reviews"; server/claims/alerts.ts):
-- the latest snapshot of its figure does not back it while the one before
-- did. The snapshot that found it names the event, so one row per snapshot
-- told. Instances insert it in the transaction that stores the owner's
-- e-mail; the primary key makes the second one's insert do nothing. The same
-- SQL runs on PGlite and on PostgreSQL.
CREATE TABLE claim_holding_alerts (
  snapshot_id bigint PRIMARY KEY REFERENCES claim_snapshots (id) ON DELETE CASCADE,
  claim_id text NOT NULL,
  sent_to text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
