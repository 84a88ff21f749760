-- Entries name their journal transaction and their account: checked once per statement instead of
-- once per row (issue 19). The two foreign keys ran a locking lookup for every entry (two per
-- entry, 70 of the 96 ms that one settlement batch's 4,800 entries took to insert) and locked every
-- referenced row FOR KEY SHARE, the house account's row by every batch at once. The trigger below
-- looks up every new entry's transaction and account by primary key from the statement's own rows
-- (one query per statement) and refuses the whole statement if one is missing. What the foreign keys
-- also guaranteed, that a referenced row never goes away or changes its key, holds without them:
-- the journal is append-only (0001), and accounts are now kept the same way (below). Bypassed, like
-- every trigger and the foreign keys before them, only with session_replication_role = replica; the
-- ledger verifier reports any entry without its transaction or account.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_check_references() RETURNS trigger AS $$
DECLARE
  orphan record;
BEGIN
  -- Scalar sub-selects rather than NOT EXISTS: never planned as a hash over the whole journal,
  -- always one primary-key probe per new entry, whatever the statistics say.
  SELECT e.transaction_id, e.account_id,
         (SELECT t.id FROM ledger_transactions t WHERE t.id = e.transaction_id) IS NULL AS no_transaction
    INTO orphan
    FROM new_entries e
   WHERE (SELECT t.id FROM ledger_transactions t WHERE t.id = e.transaction_id) IS NULL
      OR (SELECT a.id FROM ledger_accounts a WHERE a.id = e.account_id) IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry names a missing %',
      CASE WHEN orphan.no_transaction THEN 'journal transaction #' || orphan.transaction_id
           ELSE 'account #' || orphan.account_id END
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_references AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_check_references();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_accounts_keep() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are kept for good: % on ledger_accounts is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_id_unchanged BEFORE UPDATE OF id ON ledger_accounts
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION ledger_accounts_keep();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_keep();
