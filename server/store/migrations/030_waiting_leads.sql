-- Applications waiting for an owner (received, not closed, nobody's, and
-- not in the intake's own queue): the member who comes on duty is given
-- them, and the assignment sweep looks for them every minute on every
-- instance (server/assignment/assignment.ts, assignWaiting). This small
-- index holds only those, oldest first, so neither reads the whole table.
CREATE INDEX applications_waiting_owner_idx ON applications (created_at, id)
  WHERE owner_id IS NULL AND status = 'received' AND work_status <> 'closed' AND NOT awaiting_owner;
