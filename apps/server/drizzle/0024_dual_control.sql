-- Dual control above thresholds (issue 17): the thresholds (one row, USDT), the first approval of a
-- deposit or withdrawal recorded on its row, and the pending first approvals of salary and reward
-- payouts, keyed by a fingerprint of exactly what is to be paid.
CREATE TABLE "approval_thresholds" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"deposit" numeric(38, 18) NOT NULL,
	"withdrawal" numeric(38, 18) NOT NULL,
	"payout" numeric(38, 18) NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_thresholds_single_row" CHECK ("approval_thresholds"."id" = 1),
	CONSTRAINT "approval_thresholds_positive" CHECK ("approval_thresholds"."deposit" > 0 AND "approval_thresholds"."withdrawal" > 0 AND "approval_thresholds"."payout" > 0)
);
--> statement-breakpoint
ALTER TABLE "approval_thresholds" ADD CONSTRAINT "approval_thresholds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "approval_thresholds" ("id", "deposit", "withdrawal", "payout") VALUES (1, 10000, 10000, 5000);--> statement-breakpoint
CREATE TABLE "payout_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"payout_date" date,
	"items" jsonb NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_approved_by" bigint NOT NULL,
	"first_approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payout_approvals_kind" CHECK ("payout_approvals"."kind" IN ('salary', 'reward')),
	CONSTRAINT "payout_approvals_status" CHECK ("payout_approvals"."status" IN ('pending', 'completed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_approvals_pending_key" ON "payout_approvals" USING btree ("kind","fingerprint") WHERE "payout_approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payout_approvals_status_idx" ON "payout_approvals" USING btree ("status","kind","first_approved_at");--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_by" bigint;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_awaiting_second_idx" ON "deposits" USING btree ("created_at") WHERE "deposits"."status" = 'pending' AND "deposits"."first_approved_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_awaiting_second_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" IN ('pending', 'reviewing') AND "withdrawals"."first_approved_by" IS NOT NULL;
