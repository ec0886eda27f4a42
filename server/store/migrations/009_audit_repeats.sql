-- Repeated audit events (a list paged through, a refused request sent again)
-- count on in one row instead of writing a row per request, so paging or a
-- loop cannot flood the log. A repeated row is keyed by the session, what was
-- done (the action and its details, e.g. the filter) and a fixed window of
-- time; the first request writes it, the next ones in the window add to
-- `times` (requests), `rows_returned` (rows shown) and `last_at`.
ALTER TABLE desk_audit_log
  ADD COLUMN session_id text,
  ADD COLUMN repeat_key text,
  ADD COLUMN window_start timestamptz,
  ADD COLUMN times integer,
  ADD COLUMN rows_returned integer,
  ADD COLUMN last_at timestamptz;

-- The upsert's arbiter; ordinary rows (all three null) never conflict.
CREATE UNIQUE INDEX desk_audit_log_repeat_idx ON desk_audit_log (session_id, repeat_key, window_start);

-- Still append-only: the one change allowed is a repeated row counting on.
-- Nothing it recorded changes, and its counts only grow.
CREATE OR REPLACE FUNCTION desk_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.repeat_key IS NOT NULL
     AND NEW.id = OLD.id
     AND NEW.at = OLD.at
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
     AND NEW.actor_email IS NOT DISTINCT FROM OLD.actor_email
     AND NEW.action = OLD.action
     AND NEW.target IS NOT DISTINCT FROM OLD.target
     AND NEW.details IS NOT DISTINCT FROM OLD.details
     AND NEW.ip IS NOT DISTINCT FROM OLD.ip
     AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
     AND NEW.session_id = OLD.session_id
     AND NEW.repeat_key = OLD.repeat_key
     AND NEW.window_start = OLD.window_start
     AND NEW.times > OLD.times
     AND coalesce(NEW.rows_returned, 0) >= coalesce(OLD.rows_returned, 0)
     AND NEW.last_at >= OLD.last_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
