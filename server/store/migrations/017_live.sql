-- The live inbox (server/desk/live): every instance LISTENs on the channel
-- desk_applications, and these triggers NOTIFY it when an application
-- arrives, when what the inbox shows of it moves (its owner, work status,
-- state, first touch), and when a staff member opens one (their count of new
-- applications drops). A NOTIFY is sent when its transaction commits, to every
-- session listening on the database: on PostgreSQL every instance. The
-- payload is tiny and holds no personal data: the application's id, what
-- happened, which columns moved, the reader's id, and the schema (instances
-- of several deployments may share one database).

CREATE FUNCTION desk_live_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('desk_applications', json_build_object(
      'id', NEW.id, 'kind', 'created', 'schema', TG_TABLE_SCHEMA)::text);
  ELSE
    PERFORM pg_notify('desk_applications', json_build_object(
      'id', NEW.id, 'kind', 'updated', 'schema', TG_TABLE_SCHEMA,
      'changed', array_remove(ARRAY[
        CASE WHEN OLD.owner_id IS DISTINCT FROM NEW.owner_id THEN 'owner' END,
        CASE WHEN OLD.work_status IS DISTINCT FROM NEW.work_status THEN 'work_status' END,
        CASE WHEN OLD.status IS DISTINCT FROM NEW.status THEN 'status' END,
        CASE WHEN OLD.first_touched_at IS DISTINCT FROM NEW.first_touched_at THEN 'first_touched' END
      ], NULL))::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER applications_live_created
  AFTER INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION desk_live_application();

-- Only when a value really moved (an UPDATE that sets a column to its own
-- value names it too).
CREATE TRIGGER applications_live_updated
  AFTER UPDATE OF owner_id, work_status, status, first_touched_at ON applications
  FOR EACH ROW
  WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id
     OR OLD.work_status IS DISTINCT FROM NEW.work_status
     OR OLD.status IS DISTINCT FROM NEW.status
     OR OLD.first_touched_at IS DISTINCT FROM NEW.first_touched_at)
  EXECUTE FUNCTION desk_live_application();

CREATE FUNCTION desk_live_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('desk_applications', json_build_object(
    'id', NEW.application_id, 'kind', 'read', 'user', NEW.user_id, 'schema', TG_TABLE_SCHEMA)::text);
  RETURN NULL;
END
$$;

-- The first opening only: reading it again changes nobody's count.
CREATE TRIGGER application_reads_live
  AFTER INSERT ON application_reads
  FOR EACH ROW EXECUTE FUNCTION desk_live_read();

-- Each staff member's count of new applications (received, work status new,
-- theirs or unassigned, not yet opened by them) reads this small index: the
-- applications nobody has started on.
CREATE INDEX applications_new_idx ON applications (owner_id)
  WHERE status = 'received' AND work_status = 'new';
