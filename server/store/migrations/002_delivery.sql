-- The delivery worker's bookkeeping. A claimed row is 'sending' with a lease:
-- the claim also moves next_attempt_at to the lease's end, so an expired lease
-- (a dead worker) makes the row due again through the same index.

ALTER TABLE delivery_attempts
  ADD COLUMN attempt integer,
  ADD COLUMN worker text,
  -- 'delivered' | 'retry' | 'dead'
  ADD COLUMN outcome text;

ALTER TABLE outbox ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- The operator's "dead letters" and stats.
CREATE INDEX outbox_status_idx ON outbox (status, id);
