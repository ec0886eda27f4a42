-- The events other systems report through the inbound webhooks
-- (server/inbound): the CRM's stage reports, the booking service's booked
-- calls. One row per (source, event id) is what makes a repeated delivery
-- change nothing: the sender may retry after a timeout with the same id. A
-- row is written only for an event that was accepted (authentic, fresh,
-- well-formed, about a known application); a refused one leaves no trace.
-- The same SQL runs on PGlite and on PostgreSQL.

CREATE TABLE inbound_events (
  -- Who sent it: 'crm' or 'booking' (server/inbound/sources.ts).
  source text NOT NULL,
  -- The sender's own id: the webhook-id header of a signed request, the
  -- body's "id" with a token.
  event_id text NOT NULL,
  -- Its type ("application.stage", "call.booked").
  type text NOT NULL,
  -- When it happened, by the sender's clock (the body's "timestamp").
  occurred_at timestamptz NOT NULL,
  -- The application it was about; NULL once that application is deleted (the
  -- row stays, so a late retry is still recognised).
  application_id uuid REFERENCES applications (id) ON DELETE SET NULL,
  -- What it did: 'applied' (a stage moved the application), 'not_applied'
  -- (recorded on the timeline only: out of order, not further along, or the
  -- application closed), 'booked'.
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, event_id)
);

-- Deleting an application finds its events by this index.
CREATE INDEX inbound_events_application_idx ON inbound_events (application_id);
