-- The inbox as a worklist (server/inbox/inbox-filter.ts): whose, which work
-- status, the review clock's due views, and the order "least time left first"
-- (review_due_at, id), paged by keyset on that pair.

-- Every application carries its deadline (intake stores it; migration 012
-- filled in the older ones), so the time-left order and its keyset never meet
-- a NULL.
UPDATE applications SET review_due_at = created_at + interval '24 hours' WHERE review_due_at IS NULL;
ALTER TABLE applications ALTER COLUMN review_due_at SET NOT NULL;

-- Everyone's applications by time left. The untouched ones (the due views)
-- have their own partial index (012's applications_open_clock_idx).
CREATE INDEX applications_time_left_idx ON applications (review_due_at, id);
