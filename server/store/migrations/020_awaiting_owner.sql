-- The intake answers 201 once an application is stored; its owner is chosen
-- just after, in a batch (server/assignment). This marks the applications
-- stored but not yet through a batch, so that one whose batch never ran (the
-- process stopped in between) is found by the sweep and assigned then. A
-- batch clears it whether or not it found anyone on duty.
ALTER TABLE applications ADD COLUMN awaiting_owner boolean NOT NULL DEFAULT false;

-- Almost always empty: the applications of the last few milliseconds.
CREATE INDEX applications_awaiting_owner_idx ON applications (created_at, id) WHERE awaiting_owner;
