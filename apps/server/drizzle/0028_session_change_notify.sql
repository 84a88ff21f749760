-- Session cache invalidation (issue 19): every instance may keep a looked-up session for a few
-- seconds, so each change to what a session grants is announced to every instance on commit. A
-- trigger rather than the application's writers: no code path, future feature or operator's psql
-- can change a user or revoke a session without the instances hearing of it. NOTIFY is
-- transactional (delivered at commit, never for a rollback) and collapses repeats within a
-- transaction. The payload is the user id; '*' (a TRUNCATE) empties every cache.
CREATE OR REPLACE FUNCTION announce_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_changes', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
      PERFORM pg_notify('session_changes', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Any change to the user row: the cached session carries the whole row (role, admin level, status,
-- 2FA, and what /me shows).
CREATE TRIGGER users_announce_session_change AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_session_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_session_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
-- A revoke, a new expiry or owner, and a last use moved back (only an operator or a test does
-- that); the lookup's own refresh of last_seen_at moves it forward and announces nothing.
CREATE TRIGGER sessions_announce_change AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (
    OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR NEW.last_seen_at < OLD.last_seen_at
  )
  EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_session_change();
