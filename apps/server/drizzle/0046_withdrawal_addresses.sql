-- 地址簿 (issue 33): a user's saved USDT withdrawal addresses with a label each. The network is read
-- from the address when it is saved; one row per address per user. created_at is the database's
-- clock: whitelist mode lets a withdrawal go to an address 24 h after it.
CREATE TABLE "withdrawal_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_addresses_network" CHECK ("withdrawal_addresses"."network" IN ('TRC20', 'ERC20'))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_user_address" ON "withdrawal_addresses" USING btree ("user_id","address");
