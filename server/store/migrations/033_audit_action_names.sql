-- One naming convention for the audit log's actions (domain/audit/actions.ts):
-- `<subject>.<what happened>`, lowercase words joined by hyphens around one
-- dot. The entries stored under the names used before are renamed here, so
-- the desk's audit page, its filter, the CSV export and every query find one
-- name per action. Nothing else an entry recorded changes.
--
-- The table is append-only (004, 009, 025): its trigger is set aside for this
-- one statement, inside the migration's transaction, and set again after it.
-- A repeated entry keeps its repeat key (made from the old name), so a repeat
-- of it in the same window, after the upgrade, starts a row of its own.
ALTER TABLE desk_audit_log DISABLE TRIGGER desk_audit_log_append_only;

UPDATE desk_audit_log
   SET action = CASE action
         WHEN 'sign-in' THEN 'sign-in.succeeded'
         WHEN 'sign-out' THEN 'session.signed-out'
         WHEN 'consents.looked_up' THEN 'consents.looked-up'
         WHEN 'opt-outs.looked_up' THEN 'opt-outs.looked-up'
         WHEN 'legal-holds.looked_up' THEN 'legal-holds.looked-up'
         WHEN 'deliveries.dead_listed' THEN 'dead-deliveries.listed'
         WHEN 'deliveries.redelivered_dead' THEN 'dead-deliveries.redelivered'
         WHEN 'export.applications' THEN 'applications.exported'
         WHEN 'export.consents' THEN 'consents.exported'
         WHEN 'export.newsletter' THEN 'newsletter.exported'
         WHEN 'export.audit' THEN 'audit.exported'
       END
 WHERE action IN ('sign-in', 'sign-out', 'consents.looked_up', 'opt-outs.looked_up',
                  'legal-holds.looked_up', 'deliveries.dead_listed', 'deliveries.redelivered_dead',
                  'export.applications', 'export.consents', 'export.newsletter', 'export.audit');

ALTER TABLE desk_audit_log ENABLE TRIGGER desk_audit_log_append_only;
