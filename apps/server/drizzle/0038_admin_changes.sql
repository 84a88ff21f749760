-- Pending changes (issue 32, docs/pending-changes.md): money-affecting settings are proposals that a
-- second admin approves (or, with no other eligible approver, that take effect after 24 h unless
-- cancelled). An admin's approvals count from `approver_since`: 24 h after the account is created,
-- at once for the bootstrap super admins. Existing admins count from 24 h after their creation.
ALTER TABLE "users" ADD COLUMN "approver_since" timestamp with time zone DEFAULT (now() + interval '24 hours') NOT NULL;--> statement-breakpoint
UPDATE "users" SET "approver_since" = "created_at" + interval '24 hours';--> statement-breakpoint
CREATE TABLE "admin_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"required_level" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposer_admin_id" bigint NOT NULL,
	"decided_by_admin_id" bigint,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "admin_changes_level" CHECK ("admin_changes"."required_level" IN ('admin', 'super_admin')),
	CONSTRAINT "admin_changes_status" CHECK ("admin_changes"."status" IN ('pending', 'delayed', 'applied', 'rejected', 'cancelled', 'stale'))
);--> statement-breakpoint
ALTER TABLE "admin_changes" ADD CONSTRAINT "admin_changes_proposer_admin_id_users_id_fk" FOREIGN KEY ("proposer_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_changes" ADD CONSTRAINT "admin_changes_decided_by_admin_id_users_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_changes_status_idx" ON "admin_changes" USING btree ("status","proposed_at");--> statement-breakpoint
CREATE INDEX "admin_changes_proposed_idx" ON "admin_changes" USING btree ("proposed_at");--> statement-breakpoint
CREATE INDEX "admin_changes_due_idx" ON "admin_changes" USING btree ("effective_at") WHERE "admin_changes"."status" = 'delayed';
