-- The audit chain anchored outside the database (issue 32): every row written from now on carries
-- an HMAC-SHA-256 of its hash under AUDIT_CHAIN_KEY, a secret the database never sees
-- (src/modules/audit/audit.key.ts). The trigger of 0020 still gives the row its seq, prev_hash and
-- hash; the writer then seals the row in the same transaction with one UPDATE that sets key_id (the
-- key's fingerprint) and mac, once. Rows written before this migration keep both NULL and are
-- verified as before (the SHA-256 chain); audit:verify accepts unsealed rows only before the first
-- sealed one and before the first checkpoint, so a row inserted without the key is named.
ALTER TABLE "audit_logs" ADD COLUMN "key_id" text;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "mac" text;
--> statement-breakpoint
-- UPDATE is refused as before, except the one seal of a row: key_id and mac from NULL to values,
-- nothing else changed. DELETE and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION audit_logs_guard_update() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.key_id IS NULL AND OLD.mac IS NULL
     AND NEW.key_id IS NOT NULL AND NEW.mac IS NOT NULL
     AND (to_jsonb(NEW) - 'key_id' - 'mac') = (to_jsonb(OLD) - 'key_id' - 'mac') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit log is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER audit_logs_append_only ON audit_logs;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_guard_update();
