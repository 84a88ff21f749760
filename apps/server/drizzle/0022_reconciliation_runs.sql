-- Reconciliation runs (issue 17): the ledger verifier run every RECONCILIATION_INTERVAL_MINUTES by the
-- holder of the reconciliation job lease; a failed run is an alert until an admin acknowledges it.
CREATE TABLE "reconciliation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"breaches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acknowledged_by" bigint,
	"acknowledged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_unacknowledged_idx" ON "reconciliation_runs" USING btree ("id") WHERE NOT "reconciliation_runs"."ok" AND "reconciliation_runs"."acknowledged_at" IS NULL;
