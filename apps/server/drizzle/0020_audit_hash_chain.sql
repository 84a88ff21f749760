-- Tamper-evident audit log (issue 17). Every audit row carries seq, prev_hash and hash:
--   hash = hex(sha256(utf8(prev_hash || canonical)))
-- where canonical is the row's canonical content (documented in src/modules/audit/audit.chain.ts,
-- which computes the same string in TypeScript for audit:verify):
--   {"action":…,"admin_id":N,"after":S,"before":S,"created_at":"YYYY-MM-DDTHH:MM:SS.ffffffZ","id":N,
--    "ip":S,"seq":N,"target_id":S,"target_type":S,"user_agent":S}
-- keys in this fixed (sorted) order, no whitespace, strings JSON-escaped (to_json), NULL as null,
-- before/after as the JSON string of their jsonb text form (PostgreSQL's deterministic jsonb output).
-- The first row's prev_hash is 64 zeros. Appends are serialised by the one-row audit_chain_head,
-- locked FOR UPDATE by the BEFORE INSERT trigger in the writer's own transaction until it commits.
ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;
--> statement-breakpoint
CREATE TABLE "audit_chain_head" (
  "id" smallint PRIMARY KEY CHECK ("id" = 1),
  "seq" bigint NOT NULL,
  "hash" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_canonical(r audit_logs) RETURNS text AS $$
  SELECT '{"action":' || coalesce(to_json(r.action)::text, 'null')
    || ',"admin_id":' || coalesce(r.admin_id::text, 'null')
    || ',"after":' || coalesce(to_json(r.after::text)::text, 'null')
    || ',"before":' || coalesce(to_json(r.before::text)::text, 'null')
    || ',"created_at":' || coalesce(to_json(to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'null')
    || ',"id":' || coalesce(r.id::text, 'null')
    || ',"ip":' || coalesce(to_json(r.ip)::text, 'null')
    || ',"seq":' || coalesce(r.seq::text, 'null')
    || ',"target_id":' || coalesce(to_json(r.target_id)::text, 'null')
    || ',"target_type":' || coalesce(to_json(r.target_type)::text, 'null')
    || ',"user_agent":' || coalesce(to_json(r.user_agent)::text, 'null')
    || '}'
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_row_hash(r audit_logs) RETURNS text AS $$
  SELECT encode(sha256(convert_to(r.prev_hash || audit_canonical(r), 'UTF8')), 'hex')
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Appends one row to the chain: the head row lock serialises writers until the writer commits.
CREATE OR REPLACE FUNCTION audit_logs_chain() RETURNS trigger AS $$
DECLARE
  head record;
BEGIN
  SELECT seq, hash INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_row_hash(NEW);
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash, updated_at = now() WHERE id = 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Chains the rows that have no seq yet, in id order, after the head: the rows that existed before
-- this migration, and bulk loads written with the triggers bypassed (bench/generate-back-office.ts).
-- With the append-only triggers active its UPDATE is refused, so it cannot rewrite a live chain.
CREATE OR REPLACE FUNCTION audit_chain_backfill() RETURNS bigint AS $$
DECLARE
  head record;
  r audit_logs;
  n bigint := 0;
BEGIN
  SELECT seq, hash INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  FOR r IN SELECT * FROM audit_logs WHERE seq IS NULL ORDER BY id LOOP
    head.seq := head.seq + 1;
    r.seq := head.seq;
    r.prev_hash := head.hash;
    head.hash := audit_row_hash(r);
    UPDATE audit_logs SET seq = r.seq, prev_hash = r.prev_hash, hash = head.hash WHERE id = r.id;
    n := n + 1;
  END LOOP;
  UPDATE audit_chain_head SET seq = head.seq, hash = head.hash, updated_at = now() WHERE id = 1;
  RETURN n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT audit_chain_backfill();
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_seq_idx" ON "audit_logs" USING btree ("seq");
--> statement-breakpoint
CREATE TRIGGER audit_logs_chain BEFORE INSERT ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_chain();
--> statement-breakpoint
-- The log is append-only, like the journal (0001).
CREATE OR REPLACE FUNCTION audit_reject_mutation() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit log is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_reject_mutation();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_reject_mutation();
--> statement-breakpoint
-- The head moves only from the chain trigger (trigger depth > 1), never by a direct statement.
CREATE OR REPLACE FUNCTION audit_chain_head_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit chain head is maintained by the audit_logs trigger: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_guard BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();
--> statement-breakpoint
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_head_guard();
