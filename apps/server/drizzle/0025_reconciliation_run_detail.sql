-- Reconciliation runs (issue 17), for the 对账记录 screen: what each run checked (ledger accounts,
-- transactions and entries; NULL for runs stored before this column) and who started it by hand
-- (立即对账; NULL for the scheduled job).
ALTER TABLE "reconciliation_runs" ADD COLUMN "checked" jsonb;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "triggered_by" bigint;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
