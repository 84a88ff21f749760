-- Account recovery and e-mail (issue 33, docs/mail.md). One-time links: e-mail verification and
-- password reset. Only a token's SHA-256 is stored; expires_at is set from the database's now(),
-- and a link is spent by one UPDATE … WHERE used_at IS NULL AND expires_at > now(), so that of
-- parallel uses exactly one wins. `email` is the address the link was sent to (a verification
-- counts only while the account still has it); `issued_by` the super admin of a support link.
CREATE TABLE "account_tokens" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "purpose" text NOT NULL,
  "token_hash" text NOT NULL,
  "email" text NOT NULL,
  "issued_by" bigint REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  CONSTRAINT "account_tokens_purpose" CHECK ("purpose" IN ('email_verification', 'password_reset'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens" ("token_hash");
--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" ("user_id", "purpose", "created_at");
--> statement-breakpoint
-- When the account's e-mail was verified; null: not (yet). Existing accounts start unverified.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;
