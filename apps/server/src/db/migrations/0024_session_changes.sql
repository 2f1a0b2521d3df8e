-- Tells every server listening on session_changed which user's signed-in state may read otherwise
-- now (the payload is the user's id): a change to the user, a session ended, or a fund-password try
-- written or resolved. Each server keeps recent session reads and forgets that user's on the
-- notification, which PostgreSQL sends only when the change commits.
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column that holds the user's id; on a DELETE, NEW is null.
  PERFORM pg_notify('session_changed', to_jsonb(COALESCE(NEW, OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER fundpass_try_written AFTER INSERT OR UPDATE ON failed_attempts
  FOR EACH ROW WHEN (NEW.scope = 'fundpass') EXECUTE FUNCTION notify_session_changed('subject');
--> statement-breakpoint
CREATE TRIGGER fundpass_try_deleted AFTER DELETE ON failed_attempts
  FOR EACH ROW WHEN (OLD.scope = 'fundpass') EXECUTE FUNCTION notify_session_changed('subject');
