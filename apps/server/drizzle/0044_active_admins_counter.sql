-- users.admins.active (issue 33): the admins whose account is enabled, so that the back office's
-- 活跃用户 can leave admins out (users.active − users.admins.active) the way 总用户数 leaves them out
-- (users.total − users.admins), from running totals kept in the changing transaction. The trigger
-- of migration 0004 already fires on is_active and role; this adds the one counter to it.
CREATE OR REPLACE FUNCTION stat_users() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_active = NEW.is_active AND OLD.kyc_status = NEW.kyc_status AND OLD.role = NEW.role THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' THEN PERFORM stat_bump('users.total', -1); END IF;
    PERFORM stat_bump(CASE WHEN OLD.is_active THEN 'users.active' ELSE 'users.inactive' END, -1);
    PERFORM stat_bump('users.kyc.' || OLD.kyc_status, -1);
    IF OLD.role = 'admin' THEN PERFORM stat_bump('users.admins', -1); END IF;
    IF OLD.role = 'admin' AND OLD.is_active THEN PERFORM stat_bump('users.admins.active', -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN PERFORM stat_bump('users.total', 1); END IF;
    PERFORM stat_bump(CASE WHEN NEW.is_active THEN 'users.active' ELSE 'users.inactive' END, 1);
    PERFORM stat_bump('users.kyc.' || NEW.kyc_status, 1);
    IF NEW.role = 'admin' THEN PERFORM stat_bump('users.admins', 1); END IF;
    IF NEW.role = 'admin' AND NEW.is_active THEN PERFORM stat_bump('users.admins.active', 1); END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The admins enabled before this migration.
INSERT INTO stat_counters (name, stripe, value)
SELECT 'users.admins.active', 0, count(*) FROM users WHERE role = 'admin' AND is_active HAVING count(*) > 0;
