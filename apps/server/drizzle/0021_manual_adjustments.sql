-- Manual balance adjustments (issue 17): proposed by one admin, approved by another, posted through
-- the ledger against the adjustments system account on approval.
CREATE TABLE "balance_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" bigint NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_adjustments_status" CHECK ("balance_adjustments"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "balance_adjustments_amount_not_zero" CHECK ("balance_adjustments"."amount" <> 0),
	CONSTRAINT "balance_adjustments_reason_length" CHECK (char_length("balance_adjustments"."reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_created_idx" ON "balance_adjustments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_created_idx" ON "balance_adjustments" USING btree ("status","created_at");
