-- Fixed-window counters shared by every instance on one database: the per-IP
-- rate limit on the public POST endpoints, and any other throttle that needs
-- "how many times in this window" (store/counters-repository.ts).
-- A row whose reset_at has passed is expired: the next hit starts a new window
-- in place, and purgeExpired() deletes the rest through the index below.

CREATE TABLE counters (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count > 0),
  window_start timestamptz NOT NULL,
  reset_at timestamptz NOT NULL
);

CREATE INDEX counters_reset_at_idx ON counters (reset_at);
