-- Two-factor authentication (TOTP, RFC 6238) and admin session timeouts (issue 17).
-- users.twofa_enabled_at mirrors two_factor_credentials.enabled_at so that the session lookup, the
-- admin guard and the "me" view know whether 2FA is on from the row they already load.
ALTER TABLE "users" ADD COLUMN "twofa_enabled_at" timestamp with time zone;--> statement-breakpoint
-- The last request of a session, refreshed at most once a minute by the session lookup itself:
-- admin sessions end after ADMIN_IDLE_TIMEOUT_MINUTES without a request.
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TABLE "two_factor_credentials" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"pending_created_at" timestamp with time zone,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_credentials_enabled_has_secret" CHECK (("two_factor_credentials"."enabled_at" IS NULL) = ("two_factor_credentials"."secret" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "two_factor_credentials" ADD CONSTRAINT "two_factor_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_code_key" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");
