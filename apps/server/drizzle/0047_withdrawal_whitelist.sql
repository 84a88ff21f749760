-- Withdrawal whitelist mode (issue 33): a row while the user has it on. A USDT withdrawal then goes
-- only to an address of withdrawal_addresses saved at least 24 h before (database clock). Turning
-- it off deletes the row, which waits for a withdrawal that read it (FOR SHARE) to commit.
CREATE TABLE "withdrawal_whitelist_modes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_whitelist_modes" ADD CONSTRAINT "withdrawal_whitelist_modes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
