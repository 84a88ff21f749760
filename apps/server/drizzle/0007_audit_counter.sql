-- audit.count: the audit log's size, so its unfiltered list does not count a million rows per page.
-- The table is append-only in practice (nothing updates or deletes audit rows).
CREATE OR REPLACE FUNCTION stat_audit_logs() RETURNS trigger AS $$
BEGIN
  PERFORM stat_bump('audit.count', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_logs_stat_counters AFTER INSERT OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION stat_audit_logs();
--> statement-breakpoint
INSERT INTO stat_counters (name, stripe, value)
SELECT 'audit.count', 0, count(*) FROM audit_logs HAVING count(*) > 0;
