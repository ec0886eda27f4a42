-- When each staff member last looked at each of the inbox's owner views
-- (mine, unassigned, everyone): their count of new applications is what
-- reached those views since (server/desk/live/new-count-repository.ts), so
-- it falls to zero once they have looked, on every device they use. Written
-- when the first page of a view is listed (server/desk/inbox/inbox-routes.ts).
CREATE TABLE desk_view_seen (
  user_id text NOT NULL REFERENCES "desk_user" ("id") ON DELETE CASCADE,
  view text NOT NULL CHECK (view IN ('mine', 'unassigned', 'everyone')),
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, view)
);

-- Looking moves only the looker's count: the live inbox (017's channel) is
-- told as it is of an opening, the view's name standing for the application.
CREATE FUNCTION desk_live_view_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('desk_applications', json_build_object(
    'id', NEW.view, 'kind', 'read', 'user', NEW.user_id, 'schema', TG_TABLE_SCHEMA)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER desk_view_seen_live
  AFTER INSERT OR UPDATE ON desk_view_seen
  FOR EACH ROW EXECUTE FUNCTION desk_live_view_seen();
