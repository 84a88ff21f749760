-- Dual control over time (issue 32, structuring): the deposit, withdrawal and payout thresholds
-- apply to what a user (payee) had approved in the last 24 h plus the request, not to the request
-- alone. A withdrawal now records when it was approved (approved_at; rows approved before this
-- migration take their last change as a best guess), and a first approval records the USDT total of
-- its window (the request plus the others counted), which the back office shows as the reason.
ALTER TABLE "withdrawals" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "withdrawals" SET "approved_at" = "updated_at" WHERE "status" IN ('approved', 'processing', 'completed');--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approval_window_total" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "first_approval_window_total" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD COLUMN "window_total" numeric(38, 18);--> statement-breakpoint
CREATE INDEX "deposits_user_processed_idx" ON "deposits" USING btree ("user_id","processed_at") WHERE "deposits"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "withdrawals_user_approved_idx" ON "withdrawals" USING btree ("user_id","approved_at") WHERE "withdrawals"."approved_at" IS NOT NULL;
