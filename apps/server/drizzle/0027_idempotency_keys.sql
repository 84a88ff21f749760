-- Idempotency keys of money-moving calls (issue 18, Stripe's rules): one row per caller and key,
-- in_progress while the first request runs, then completed with its reply (status and body), which a
-- retry with the same request gets again until expires_at (24 h). A job deletes expired rows.
CREATE TABLE "idempotency_keys" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" IN ('in_progress', 'completed')),
	CONSTRAINT "idempotency_keys_completed_reply" CHECK (("idempotency_keys"."state" = 'completed') = ("idempotency_keys"."response_status" IS NOT NULL AND "idempotency_keys"."completed_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");
