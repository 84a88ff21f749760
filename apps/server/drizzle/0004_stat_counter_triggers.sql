-- Running totals for the back office (see stat_counters in modules/stats/stats.schema.ts).
-- Triggers keep them in the same transaction as the change, so they are exactly as committed
-- as the rows they count. All bumps of one transaction go to one stripe (its transaction id
-- modulo 16), so concurrent transactions rarely wait on each other and take counter rows in the
-- order their statements run.
CREATE OR REPLACE FUNCTION stat_bump(p_name text, p_delta numeric) RETURNS void AS $$
BEGIN
  IF p_delta = 0 THEN
    RETURN;
  END IF;
  INSERT INTO stat_counters (name, stripe, value)
  VALUES (p_name, (txid_current() % 16)::smallint, p_delta)
  ON CONFLICT (name, stripe) DO UPDATE SET value = stat_counters.value + EXCLUDED.value;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
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
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN PERFORM stat_bump('users.total', 1); END IF;
    PERFORM stat_bump(CASE WHEN NEW.is_active THEN 'users.active' ELSE 'users.inactive' END, 1);
    PERFORM stat_bump('users.kyc.' || NEW.kyc_status, 1);
    IF NEW.role = 'admin' THEN PERFORM stat_bump('users.admins', 1); END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_stat_counters AFTER INSERT OR DELETE OR UPDATE OF is_active, kyc_status, role ON users
  FOR EACH ROW EXECUTE FUNCTION stat_users();
--> statement-breakpoint
-- deposits.count.<status>, deposits.amount.<status>.<currency>, and depositors / users.deposited.
CREATE OR REPLACE FUNCTION stat_deposits() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.amount = NEW.amount AND OLD.currency = NEW.currency THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stat_bump('deposits.count.' || OLD.status, -1);
    PERFORM stat_bump('deposits.amount.' || OLD.status || '.' || OLD.currency, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM stat_bump('deposits.count.' || NEW.status, 1);
    PERFORM stat_bump('deposits.amount.' || NEW.status || '.' || NEW.currency, NEW.amount);
    IF NEW.status = 'approved' THEN
      INSERT INTO depositors (user_id) VALUES (NEW.user_id) ON CONFLICT DO NOTHING;
      IF FOUND THEN PERFORM stat_bump('users.deposited', 1); END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER deposits_stat_counters AFTER INSERT OR DELETE OR UPDATE OF status, amount, currency ON deposits
  FOR EACH ROW EXECUTE FUNCTION stat_deposits();
--> statement-breakpoint
-- withdrawals.count.<status>, withdrawals.amount.<status>.<currency>.
CREATE OR REPLACE FUNCTION stat_withdrawals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.amount = NEW.amount AND OLD.currency = NEW.currency THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stat_bump('withdrawals.count.' || OLD.status, -1);
    PERFORM stat_bump('withdrawals.amount.' || OLD.status || '.' || OLD.currency, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM stat_bump('withdrawals.count.' || NEW.status, 1);
    PERFORM stat_bump('withdrawals.amount.' || NEW.status || '.' || NEW.currency, NEW.amount);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER withdrawals_stat_counters AFTER INSERT OR DELETE OR UPDATE OF status, amount, currency ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION stat_withdrawals();
--> statement-breakpoint
-- assets.<bucket>.<currency>: the sum of user balances (system accounts are derived from the journal).
CREATE OR REPLACE FUNCTION stat_assets() RETURNS trigger AS $$
BEGIN
  IF NEW.is_system THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_bump('assets.' || NEW.bucket || '.' || NEW.currency, NEW.balance);
  ELSIF NEW.balance <> OLD.balance THEN
    PERFORM stat_bump('assets.' || NEW.bucket || '.' || NEW.currency, NEW.balance - OLD.balance);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_stat_counters AFTER INSERT OR UPDATE OF balance ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION stat_assets();
--> statement-breakpoint
-- Counters for rows that exist before this migration (a database migrated from an earlier version).
INSERT INTO stat_counters (name, stripe, value)
SELECT name, 0, value FROM (
  SELECT 'users.total' AS name, count(*)::numeric AS value FROM users
  UNION ALL SELECT 'users.active', count(*) FROM users WHERE is_active
  UNION ALL SELECT 'users.inactive', count(*) FROM users WHERE NOT is_active
  UNION ALL SELECT 'users.admins', count(*) FROM users WHERE role = 'admin'
  UNION ALL SELECT 'users.kyc.' || kyc_status, count(*) FROM users GROUP BY kyc_status
  UNION ALL SELECT 'deposits.count.' || status, count(*) FROM deposits GROUP BY status
  UNION ALL SELECT 'deposits.amount.' || status || '.' || currency, sum(amount) FROM deposits GROUP BY status, currency
  UNION ALL SELECT 'withdrawals.count.' || status, count(*) FROM withdrawals GROUP BY status
  UNION ALL SELECT 'withdrawals.amount.' || status || '.' || currency, sum(amount) FROM withdrawals GROUP BY status, currency
  UNION ALL SELECT 'assets.' || bucket || '.' || currency, sum(balance) FROM ledger_accounts WHERE NOT is_system GROUP BY bucket, currency
) AS existing
WHERE value <> 0;
--> statement-breakpoint
INSERT INTO depositors (user_id) SELECT DISTINCT user_id FROM deposits WHERE status = 'approved';
--> statement-breakpoint
INSERT INTO stat_counters (name, stripe, value)
SELECT 'users.deposited', 0, count(*) FROM depositors HAVING count(*) > 0;
