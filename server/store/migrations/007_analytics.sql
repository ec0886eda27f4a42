-- The site's own analytics (server/analytics): no cookie, nothing stored in
-- the browser. The same SQL runs on PGlite and on PostgreSQL.

-- One random salt per UTC day, shared by every instance on the database. A
-- visitor's key is a hash of the day's salt, the site's host, their address
-- and user agent, so it changes every day; a salt is deleted once it is
-- neither today's nor yesterday's (at most 48 hours after its day began),
-- after which nobody can recompute that day's keys.
CREATE TABLE analytics_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL CHECK (octet_length(salt) = 16),
  created_at timestamptz NOT NULL
);

-- Raw events, kept ANALYTICS_RETENTION (90 days by default), and never
-- longer than their day's roll-up needs them.
CREATE TABLE analytics_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- When it happened (the server's clock, less the age the browser reported).
  at timestamptz NOT NULL,
  -- A browser event or one the server records (app/lib/analytics-events.ts).
  name text NOT NULL,
  -- The first 8 bytes of the daily hash; NULL for a visitor who sends Global
  -- Privacy Control (counted, never keyed).
  visitor_key bigint,
  -- The page (path only: the query string is never kept) and the page before
  -- it on this site.
  path text,
  prev_path text,
  -- Where a page view came from: another site's host name, and the campaign tags.
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  -- 'mobile' | 'tablet' | 'desktop', from the user agent.
  device text,
  -- The wizard's step (1-4); the field and zod issue code of a validation error.
  step smallint,
  field text,
  code text,
  -- The application a server outcome is about (to see whether the CRM got it).
  -- No foreign key: spam is purged from applications on its own schedule.
  application_id uuid
);

-- Every query reads a range of days (the funnel sorts that range's events by
-- visitor and time itself: no other index is worth its cost on each insert).
CREATE INDEX analytics_events_at_idx ON analytics_events (at);

-- Daily roll-ups: counts only, no visitor keys, kept after the raw events are
-- deleted. `source` is where the visitor's first page view of the day came
-- from (campaign source, else the referring host, else ''), `campaign` its
-- utm_campaign (else ''). A day is rolled up when it is over and again at
-- each hourly run until it is final: three days after it began (after the
-- CRM's retries have run their course). rolled_at says when it was last made.
CREATE TABLE analytics_daily (
  day date NOT NULL,
  source text NOT NULL,
  campaign text NOT NULL,
  metric text NOT NULL,
  dimension text NOT NULL,
  value bigint NOT NULL,
  PRIMARY KEY (day, metric, source, campaign, dimension)
);

CREATE TABLE analytics_rolled_days (
  day date PRIMARY KEY,
  rolled_at timestamptz NOT NULL
);
