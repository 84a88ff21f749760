-- 安全中心's recent logins (issue 20): one row per login attempt on a known account, success or
-- failure with its reason. The list reads a user's newest rows by id, and each insert drops the
-- rows past the newest 100 of that user through the same index.
CREATE TABLE "login_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"success" boolean NOT NULL,
	"failure_reason" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_events_reason" CHECK (("login_events"."success" AND "login_events"."failure_reason" IS NULL) OR (NOT "login_events"."success" AND "login_events"."failure_reason" IN ('password', 'totp', 'disabled', 'locked')))
);
--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_events_user_id_idx" ON "login_events" USING btree ("user_id","id");
