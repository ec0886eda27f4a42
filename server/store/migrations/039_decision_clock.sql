-- The funding decision's clock (docs/review-clock.md, "The decision clock"):
-- when an application's documents became complete, the decision's deadline
-- (that plus DECISION_WINDOW, counted by server/review-clock/deadline.ts), and
-- when it was decided. The same SQL runs on PGlite and on PostgreSQL.
ALTER TABLE applications
  -- Written with documents_state (server/documents/checklist.ts): set when it
  -- becomes complete, cleared when it leaves complete (the clock restarts).
  ADD COLUMN documents_complete_at timestamptz,
  ADD COLUMN decision_due_at timestamptz,
  -- Set when the work status becomes a decision (closed as funded or not
  -- qualified, domain/desk/work.ts), cleared when it stops being one.
  ADD COLUMN decided_at timestamptz;

-- Applications complete before the clock was kept: complete at their last
-- item's change, due the default 48 hours later (around the clock: the
-- business hours are the server's settings, not the store's).
UPDATE applications a
   SET documents_complete_at = items.at,
       decision_due_at = items.at + interval '48 hours'
  FROM (SELECT application_id, max(state_changed_at) AS at
          FROM document_checklist_items
         GROUP BY application_id) items
 WHERE items.application_id = a.id AND a.documents_state = 'complete';

-- Decided ones: at their latest change to that status (a staff status change
-- or a CRM stage report), else when the clock was first kept.
UPDATE applications a
   SET decided_at = coalesce(
         (SELECT max(h.at) FROM application_activities h
           WHERE h.application_id = a.id AND h.work_status = 'closed' AND h.close_reason = a.close_reason),
         now())
 WHERE a.work_status = 'closed' AND a.close_reason IN ('funded', 'not_qualified');
