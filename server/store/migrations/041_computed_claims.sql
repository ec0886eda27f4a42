-- Computed claims (docs/claims.md, "Computed claims"): the figures counted
-- from our own records, one snapshot per figure per computation, and the
-- ratings an average rating is computed over. The same SQL runs on PGlite and
-- on PostgreSQL.

-- One row per figure each time the periodic job computes it
-- (server/claims/computed/): the value, how many cases it is over, its period
-- and whether it backs its claim. Kept, so the desk can tell when a claim
-- stopped holding (the previous snapshot supported it, the latest does not).
CREATE TABLE claim_snapshots (
  id bigserial PRIMARY KEY,
  figure text NOT NULL,
  value numeric,
  n integer NOT NULL CHECK (n >= 0),
  median numeric,
  period_start timestamptz,
  period_end timestamptz NOT NULL,
  verdict text NOT NULL CHECK (verdict IN ('supports', 'does-not-support', 'too-little-data')),
  computed_at timestamptz NOT NULL
);
CREATE INDEX claim_snapshots_figure_idx ON claim_snapshots (figure, computed_at DESC, id DESC);

-- Every rating held, from its source (a rating request, a review site), as
-- imported (the operator CLI, audited). An average rating is over all of a
-- source's rows, never a chosen subset; a row imported twice (the same source
-- and reference) is kept once.
CREATE TABLE claim_ratings (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  -- The source's own id for the response, so an import run again adds nothing.
  reference text NOT NULL,
  rating numeric NOT NULL CHECK (rating >= 1 AND rating <= 5),
  rated_on date NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, reference)
);
