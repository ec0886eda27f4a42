-- A NOTIFY makes its transaction take a database-wide lock at commit and hold
-- it through the commit's WAL flush, so intakes that notified committed one
-- at a time instead of sharing flushes (bench:api's raw PostgreSQL rate fell
-- to about 40%). New applications are now announced on the same channel by
-- the intake after its own commit, in a separate statement that writes no WAL
-- (server/intake/announce.ts); changes to stored applications still notify
-- from the trigger (017), at the desk's and the CRM's pace.
DROP TRIGGER applications_live_created ON applications;
