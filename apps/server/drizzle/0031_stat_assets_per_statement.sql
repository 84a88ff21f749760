-- assets.<bucket>.<currency> (migration 0004) bumped once per counter and statement instead of once
-- per account row (issue 19): a settlement batch moves hundreds of balances in one UPDATE, and each
-- row's bump was a function call and an upsert of the same counter row. Transition tables give the
-- statement's rows; the sums per counter are the row-level bumps added up, so the counters stay
-- exactly what they were. Bumps go in counter-name order, one fixed order for every transaction.
-- Transition tables allow one event per trigger and no column list, hence two triggers, and the
-- update one runs for every UPDATE of the table (a statement that changes no balance bumps nothing).
DROP TRIGGER ledger_accounts_stat_counters ON ledger_accounts;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_assets_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM stat_bump(s.name, s.delta)
     FROM (SELECT 'assets.' || bucket || '.' || currency AS name, sum(balance) AS delta
             FROM new_accounts WHERE NOT is_system
            GROUP BY 1 ORDER BY 1) s;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_assets_updated() RETURNS trigger AS $$
BEGIN
  PERFORM stat_bump(s.name, s.delta)
     FROM (SELECT 'assets.' || n.bucket || '.' || n.currency AS name, sum(n.balance - o.balance) AS delta
             FROM new_accounts n JOIN old_accounts o ON o.id = n.id
            WHERE NOT n.is_system AND n.balance <> o.balance
            GROUP BY 1 ORDER BY 1) s;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_stat_counters_insert AFTER INSERT ON ledger_accounts
  REFERENCING NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION stat_assets_inserted();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_stat_counters_update AFTER UPDATE ON ledger_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION stat_assets_updated();
--> statement-breakpoint
DROP FUNCTION stat_assets();
