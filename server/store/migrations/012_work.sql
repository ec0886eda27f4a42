-- Working an application in the desk (domain/desk/work.ts): its owner, its
-- work status, the review clock, its own history (notes, logged contacts,
-- status and owner changes, CRM stage reports, booked calls), who is on duty,
-- the routing rules, and who has opened it. The same SQL runs on PGlite and on
-- PostgreSQL.

ALTER TABLE applications
  -- The staff member working it; NULL: unassigned.
  ADD COLUMN owner_id text REFERENCES "desk_user" ("id") ON DELETE SET NULL,
  ADD COLUMN assigned_at timestamptz,
  ADD COLUMN work_status text NOT NULL DEFAULT 'new'
    CHECK (work_status IN ('new', 'contacted', 'qualified', 'underwriting', 'closed')),
  ADD COLUMN close_reason text
    CHECK (close_reason IN ('not_qualified', 'no_response', 'duplicate', 'chose_another_provider', 'funded')),
  ADD COLUMN funded_amount numeric,
  -- Received plus the promised review window (server/review-clock).
  ADD COLUMN review_due_at timestamptz,
  -- The first touch (a status change, a note, a logged contact, a CRM stage
  -- report): the review clock stops here.
  ADD COLUMN first_touched_at timestamptz,
  -- The time of the newest CRM stage report applied: an older one arriving
  -- later moves nothing.
  ADD COLUMN stage_reported_at timestamptz,
  -- The owner's "due soon" reminder, and the admins' "overdue" alert, took it in.
  ADD COLUMN reminded_at timestamptz,
  ADD COLUMN overdue_alerted_at timestamptz,
  ADD CONSTRAINT applications_closed_has_reason CHECK ((work_status = 'closed') = (close_reason IS NOT NULL));

-- Applications stored before the desk had work: their promise ran from when
-- they were received, and nobody is alerted about them after the fact.
UPDATE applications
   SET review_due_at = created_at + interval '24 hours',
       reminded_at = now(),
       overdue_alerted_at = now();

-- The inbox's work views: by owner, by status, and the open clocks by time left.
CREATE INDEX applications_owner_idx ON applications (owner_id, created_at DESC, id DESC);
CREATE INDEX applications_work_status_idx ON applications (work_status, created_at DESC, id DESC);
CREATE INDEX applications_open_clock_idx ON applications (review_due_at, id)
  WHERE first_touched_at IS NULL AND status = 'received';

-- An application's own history, oldest first on its timeline. Purging an
-- application purges its history.
CREATE TABLE application_activities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN ('note', 'call', 'email', 'status', 'assignment', 'stage', 'booking')),
  -- The staff member; NULL: the system, the CRM or the booking service.
  actor_id text,
  actor_name text,
  -- A note's text, or the note logged with a contact.
  body text,
  -- A logged contact's outcome.
  outcome text,
  -- A status change or stage report: the status it set (NULL: it moved nothing).
  work_status text,
  close_reason text,
  -- An owner change: the new owner (NULL: unassigned).
  owner_id text,
  owner_name text,
  -- A stage report's stage and amount, a booked call's time, the event's id and source.
  details jsonb
);

CREATE INDEX application_activities_application_idx ON application_activities (application_id, at, id);

-- Who takes new applications, and in which routing groups. A staff member
-- without a row is off duty and in no group.
CREATE TABLE desk_duty (
  user_id text PRIMARY KEY REFERENCES "desk_user" ("id") ON DELETE CASCADE,
  on_duty boolean NOT NULL DEFAULT false,
  groups text[] NOT NULL DEFAULT '{}',
  -- The round-robin's turn: the next application goes to whoever on duty was
  -- assigned one longest ago (never first).
  last_assigned_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Routing rules, first match wins (position): applications of a funding type
-- and/or an amount band go to a group's members on duty.
CREATE TABLE assignment_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position integer NOT NULL,
  funding_type text,
  min_amount numeric,
  max_amount numeric,
  group_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Who has opened which application (the inbox's unread marker).
CREATE TABLE application_reads (
  user_id text NOT NULL REFERENCES "desk_user" ("id") ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, application_id)
);

CREATE INDEX application_reads_application_idx ON application_reads (application_id);
